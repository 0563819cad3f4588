// What the tool reads back of its own earlier files (issue 44): a file it wrote is a claim, not a
// proof, and a checksum says only that it was not damaged. Each numbered fault of the third
// outside audit, reproduced through the command a user types: a forged round-start table (1), a
// forged kept layer (2), a forged census shard (3), a decompression bomb (4), a run lock bypassed
// by a link (5), a second server on one port (6), a full disk while writing a certificate (7), a
// pipe where a file should be, and a KFEN with a line break in it.
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <xxhash.h>
#include <nlohmann/json.hpp>

#include "app/cli/app.h"
#include "app/serve/server.h"
#include "solver/census/census.h"
#include "solver/census/shard.h"
#include "solver/proof/proof_io.h"
#include "solver/starts/round_start_table.h"
#include "src/io/files.h"
#include "src/io/run_lock.h"
#include "src/kamisado/errors.h"
#include "tests/helpers.h"

using namespace kamisado;
namespace fs = std::filesystem;

namespace {

struct CliRun {
  int code;
  std::string out, err;
};

CliRun run(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = cli::run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

// The last line of a run's stderr (a long run's progress lines come before it).
std::string last_line(const std::string& err) {
  std::string s = err;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const auto at = s.rfind('\n');
  return at == std::string::npos ? s : s.substr(at + 1);
}

using test::bytes_of;
using test::write_bytes;

fs::path fresh(const std::string& name) { return test::fresh_dir("read_back", name); }

// Gold to move at 2:1-0 loses the match; its proof by rounds rests on some 30 round-2 starts.
const std::string kMatch = "gr4p1/4P1Gy/5b2/8/o7/3n1R2/2Y3Nk/1B1O2K1 g o 2:1-0";

std::vector<std::string> by_rounds(const fs::path& starts) {
  return {"solve", kMatch, "--goal", "match", "--by-rounds", "--hash", "4", "--starts", starts.string()};
}

// Every value of the table at `path` turned over, its checksum made to agree (as a forger would).
void forge_table(const fs::path& path) {
  const solver::RoundStartTable table = solver::read_round_starts(path.string());
  solver::RoundStartTable forged;
  for (auto [key, value] : table.entries()) {
    value.first_mover_wins = !value.first_mover_wins;
    forged.add(key, value);
  }
  write_bytes(path, solver::encode_round_starts(forged));
}

}  // namespace

// 1. A table read back whose values were forged (a valid checksum) never gives an answer as
// proved without saying it rests on the file unchecked; --recheck-starts proves the file's starts
// again and refuses it in one line, leaving it as it was; a certificate run refuses it.
TEST(ReadBack_Table, AForgedTableIsNamedUncheckedOrRefused) {
  const fs::path dir = fresh("table");
  const fs::path starts = dir / "late.starts";
  CliRun first = run(by_rounds(starts));
  ASSERT_EQ(first.code, cli::kOk) << first.err;
  EXPECT_NE(first.out.find("Gold to move loses the match"), std::string::npos) << first.out;
  EXPECT_EQ(first.out.find("unchecked"), std::string::npos) << first.out;  // nothing read back
  // Read back as it was written: taken unchecked, and said so on the answer's own line.
  CliRun again = run(by_rounds(starts));
  ASSERT_EQ(again.code, cli::kOk) << again.err;
  EXPECT_NE(again.out.find("Gold to move loses the match (by rounds; a value, no distance), resting on "), std::string::npos) << again.out;
  EXPECT_NE(again.out.find(starts.string() + " unchecked"), std::string::npos) << again.out;

  forge_table(starts);
  const std::string forged = bytes_of(starts);
  CliRun trusted = run(by_rounds(starts));
  ASSERT_EQ(trusted.code, cli::kOk) << trusted.err;
  const std::string verdict = trusted.out.substr(0, trusted.out.find('\n'));
  EXPECT_NE(verdict.find("resting on"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("unchecked (--recheck-starts"), std::string::npos) << verdict;
  std::vector<std::string> args = by_rounds(starts);
  args.push_back("--json");
  const nlohmann::json j = nlohmann::json::parse(run(args).out);
  EXPECT_GT(j["unchecked_starts"].get<int>(), 0);
  EXPECT_EQ(j["starts_file"], starts.string());

  args = by_rounds(starts);
  args.push_back("--recheck-starts");
  CliRun rechecked = run(args);
  EXPECT_EQ(rechecked.code, cli::kBadInput);
  EXPECT_EQ(rechecked.out, "");
  const std::string refusal = last_line(rechecked.err);
  EXPECT_NE(refusal.find(starts.string() + ": the round start "), std::string::npos) << rechecked.err;
  EXPECT_NE(refusal.find("but proved again it is won by"), std::string::npos) << rechecked.err;
  EXPECT_EQ(bytes_of(starts), forged);  // a refused file is not written

  args = by_rounds(starts);
  args.insert(args.end(), {"--certificate", (dir / "cert").string()});
  CliRun certified = run(args);
  EXPECT_EQ(certified.code, cli::kBadInput) << certified.out;
  EXPECT_NE(last_line(certified.err).find(starts.string() + ": the table's value is wrong"), std::string::npos) << certified.err;

  // The true table, proved again: every start it held agrees, and nothing rests on it unchecked.
  fs::remove(starts);
  ASSERT_EQ(run(by_rounds(starts)).code, cli::kOk);
  args = by_rounds(starts);
  args.push_back("--recheck-starts");
  CliRun agreed = run(args);
  ASSERT_EQ(agreed.code, cli::kOk) << agreed.err;
  EXPECT_NE(agreed.out.find("Gold to move loses the match (by rounds; a value, no distance)\n"), std::string::npos) << agreed.out;
  EXPECT_NE(agreed.out.find("proved again, each as the table had it"), std::string::npos) << agreed.out;
}

// 2. A layer kept from an earlier run, forged with its ledger digest made to agree, is checked
// again before it is counted: the resumed run refuses it in one line instead of answering.
TEST(ReadBack_Certificate, AForgedKeptLayerIsRefused) {
  const fs::path dir = fresh("layers");
  std::vector<std::string> args = by_rounds(dir / "c.starts");
  args.insert(args.end(), {"--certificate", (dir / "cert").string()});
  ASSERT_EQ(run(args).code, cli::kOk);
  const fs::path root = dir / "cert" / "root.proof";
  ASSERT_TRUE(fs::exists(root));
  // The root layer's winner turned over (written again compressed, as the writer does), and its
  // line in the ledger given the new digest and size.
  solver::ProofTree tree = solver::read_proof_file(root.string());
  ASSERT_EQ(tree.winner, Side::Black);
  tree.winner = Side::Gold;
  solver::write_proof_file(tree, root.string(), true);
  const std::string bytes = bytes_of(root);
  const fs::path ledger = dir / "cert" / ".kamisado-files";
  std::istringstream lines(bytes_of(ledger));
  std::string out, line;
  while (std::getline(lines, line)) {
    if (line.size() > 11 && line.substr(line.size() - 11) == " root.proof")
      line = fmt::format("{:016x} {} root.proof", XXH64(bytes.data(), bytes.size(), 0), bytes.size());
    out += line + "\n";
  }
  write_bytes(ledger, out);
  CliRun resumed = run(args);
  EXPECT_EQ(resumed.code, cli::kBadInput) << resumed.out;
  EXPECT_EQ(resumed.out, "");
  EXPECT_NE(last_line(resumed.err).find(root.string() + ": a layer kept from an earlier run is refused"), std::string::npos) << resumed.err;
}

// 3. census export checks what merge checks of each class it lists: a shard forged with a valid
// checksum to give a class to the second mover, with no certificate or another class's, is
// refused; so is a deleted or cut certificate. A first-mover win is said to be the shard's word.
TEST(ReadBack_Census, ExportRefusesAWinNoCertificateProves) {
  const fs::path dir = fresh("census");
  const std::string run_dir = (dir / "run").string();
  ASSERT_EQ(run({"census", "plan", run_dir, "--subspace", "range:0:3", "--shard-size", "3"}).code, cli::kOk);
  ASSERT_EQ(run({"census", "run", run_dir}).code, cli::kOk);
  const solver::Census c = solver::open_census(run_dir);
  const auto records = solver::read_shard(c.shard_path(0), c.run, 0);
  ASSERT_EQ(records.size(), 3u);
  ASSERT_TRUE(records[0].second_mover_wins);  // classes 0 and 1: the second mover wins; 2: the first
  ASSERT_FALSE(records[2].second_mover_wins);
  CliRun good = run({"census", "export", run_dir});
  ASSERT_EQ(good.code, cli::kOk) << good.err;
  EXPECT_NE(good.err.find("2 second-mover certificates checked, 1 first-mover wins as the shards record them, unchecked"), std::string::npos)
      << good.err;
  const std::string shard = bytes_of(c.shard_path(0));

  auto forged = records;
  forged[2].second_mover_wins = true;  // no certificate for it
  write_bytes(c.shard_path(0), solver::encode_shard(c.run, 0, forged));
  CliRun r = run({"census", "export", run_dir});
  EXPECT_EQ(r.code, cli::kBadInput) << r.out;
  EXPECT_EQ(r.out.find("second-mover,proofs/" + std::to_string(records[2].index)), std::string::npos) << r.out;
  EXPECT_NE(last_line(r.err).find("is recorded as a second-mover win, but its certificate does not hold"), std::string::npos) << r.err;
  fs::copy_file(c.proof_path(records[0].index), c.proof_path(records[2].index));  // another class's certificate
  r = run({"census", "export", run_dir});
  EXPECT_EQ(r.code, cli::kBadInput);
  EXPECT_NE(last_line(r.err).find("its root is not the class's start"), std::string::npos) << r.err;
  fs::remove(c.proof_path(records[2].index));

  write_bytes(c.shard_path(0), shard);
  const std::string proof = bytes_of(c.proof_path(records[0].index));
  write_bytes(c.proof_path(records[0].index), proof.substr(0, proof.size() / 2));  // cut
  EXPECT_EQ(run({"census", "export", run_dir}).code, cli::kBadInput);
  fs::remove(c.proof_path(records[0].index));  // deleted
  EXPECT_EQ(run({"census", "export", run_dir}).code, cli::kBadInput);
  EXPECT_EQ(run({"census", "round-starts", run_dir, "--out", (dir / "seed.starts").string()}).code, cli::kBadInput);
}

// 4. A compressed proof that unpacks far beyond any proof the tool writes (a frame of zeros: a
// few kB that would be gigabytes) is refused by its bound, unread past it, in one line.
TEST(ReadBack_Proof, ADecompressionBombIsRefusedByItsBound) {
  const fs::path dir = fresh("bomb");
  const fs::path bomb = dir / "bomb.proof.zst";
  // zstd's command packs a gigabyte of zeros after a proof's first lines to some 30 kB.
  const std::string make = "(printf 'kamisado-proof 1\\nwinner gold\\n'; head -c 1000000000 /dev/zero) | zstd -q -3 -o " + bomb.string();
  ASSERT_EQ(std::system(make.c_str()), 0);
  ASSERT_LT(fs::file_size(bomb), 200'000u);
  CliRun r = run({"check-proof", bomb.string()});
  EXPECT_EQ(r.code, cli::kBadInput);
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find("the compressed proof unpacks to over"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(bomb.string() + ": " + bomb.string()), std::string::npos) << r.err;  // named once
}

// 5. Two paths to one file are one output: a run on a link to a file that another run holds is
// refused, and a write through a dangling link makes the file it names, the link kept.
TEST(ReadBack_Lock, ALinkToALockedFileIsTheSameRun) {
  const fs::path dir = fresh("lock");
  const fs::path file = dir / "run.starts", link = dir / "link.starts";
  fs::create_symlink(file.filename(), link);
  const io::RunLock held = io::RunLock::on_file(file.string(), "solve --by-rounds");
  std::string refused;
  try {
    io::RunLock::on_file(link.string(), "solve --by-rounds");
  } catch (const InputError& e) {
    refused = e.what();
  }
  EXPECT_NE(refused.find("is in use by another run"), std::string::npos) << refused;
  ASSERT_FALSE(fs::exists(file));  // the link dangles
  io::write_file_atomically(link.string(), "table");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(bytes_of(file), "table");
}

// 6. A second server on a port in use, by the tool itself or anything else, is refused.
TEST(ReadBack_Serve, APortInUseIsRefused) {
  serve::ServeOptions o;
  o.port = 0;
  serve::Server first(o);
  const int port = first.bind();
  o.port = port;
  serve::Server second(o);
  EXPECT_THROW(second.bind(), InputError);
  // A listener of another program, which lets others share its port (SO_REUSEPORT).
  const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(sock, 0);
  int yes = 1;
  ::setsockopt(sock, SOL_SOCKET, SO_REUSEPORT, &yes, sizeof yes);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(sock, 1), 0);
  socklen_t size = sizeof addr;
  ::getsockname(sock, reinterpret_cast<sockaddr*>(&addr), &size);
  o.port = ntohs(addr.sin_port);
  serve::Server third(o);
  EXPECT_THROW(third.bind(), InputError);
  ::close(sock);
}

// 7. A certificate writer whose disk fills (a file size limit stands in for it) names the
// system's reason, not a staged file it could not read back.
TEST(ReadBack_Certificate, AFullDiskIsNamed) {
  const fs::path dir = fresh("full");
  auto write_past_the_limit = [&] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{16 * 1024, 16 * 1024};  // below the certificate's largest layer (47 kB), above its table and root layer
    setrlimit(RLIMIT_FSIZE, &limit);
    std::vector<std::string> args = by_rounds(dir / "c.starts");
    args.insert(args.end(), {"--certificate", (dir / "cert").string()});
    const CliRun r = run(args);
    const std::string last = last_line(r.err);
    std::fprintf(stderr, "%s\n", last.c_str());
    std::fflush(stderr);
    // _Exit, not exit: the child of a fork runs no static destructor of its parent's threads (an
    // earlier test's left this one dying of "pure virtual method called" when run after it).
    std::_Exit(r.code == cli::kBadInput && last.find("File too large") != std::string::npos && last.find("staged") == std::string::npos ? 0 : 1);
  };
  EXPECT_EXIT(write_past_the_limit(), ::testing::ExitedWithCode(0), "File too large");
}

// Smaller: a pipe where a proof, a layer or a shard should be is refused at once, not waited on;
// a KFEN with a line break is refused in one line.
TEST(ReadBack_Input, APipeIsRefusedAtOnceAndAKfenWithALineBreakInOneLine) {
  const fs::path dir = fresh("pipe");
  const fs::path fifo = dir / "p.proof";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  CliRun r = run({"check-proof", fifo.string()});  // before the fix: blocked in open() for ever
  EXPECT_EQ(r.code, cli::kBadInput);
  EXPECT_NE(r.err.find("it is a pipe, not a regular file"), std::string::npos) << r.err;
  fs::create_directories(dir / "cert");
  ASSERT_EQ(::mkfifo((dir / "cert" / "root.proof").c_str(), 0600), 0);
  r = run({"check-proof", (dir / "cert").string()});
  EXPECT_NE(r.code, cli::kOk);
  EXPECT_NE(r.out.find("pipe"), std::string::npos) << r.out << r.err;

  r = run({"show", "obpkyrgn/8/8/8/8/8/8/NGRYKPBO\nb -"});
  EXPECT_EQ(r.code, cli::kBadInput);
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

// Smaller: a user's file where a certificate's layer goes is refused without the claim that
// nothing was written (the root's layer was), and what was written is kept.
TEST(ReadBack_Certificate, AUsersFileAtALayersNameIsRefusedTruthfully) {
  const fs::path dir = fresh("users_layer");
  std::vector<std::string> args = by_rounds(dir / "a.starts");
  args.insert(args.end(), {"--certificate", (dir / "a").string()});
  ASSERT_EQ(run(args).code, cli::kOk);
  fs::path layer;
  for (const auto& e : fs::directory_iterator(dir / "a" / "starts")) layer = e.path();
  ASSERT_FALSE(layer.empty());
  const fs::path mine = dir / "b" / "starts" / layer.filename();
  fs::create_directories(mine.parent_path());
  write_bytes(mine, "my notes");
  args = by_rounds(dir / "b.starts");
  args.insert(args.end(), {"--certificate", (dir / "b").string()});
  CliRun r = run(args);
  EXPECT_EQ(r.code, cli::kBadInput);
  const std::string refusal = last_line(r.err);
  EXPECT_NE(refusal.find(mine.string() + "' was not written by kamisado"), std::string::npos) << r.err;
  EXPECT_EQ(refusal.find("nothing was written"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("the files written before it are kept"), std::string::npos) << refusal;
  EXPECT_TRUE(fs::exists(dir / "b" / "root.proof"));
  EXPECT_EQ(bytes_of(mine), "my notes");
}

// Smaller: a planning master's progress counts its nodes as it searches (it said "0 nodes" until
// its first job), and a census says how far it is start by start, not only shard by shard (a
// shard of a large sample takes minutes, and a run said nothing for that long).
TEST(ReadBack_Progress, LongSearchesSayTheirNodesAndStartsAsTheyGo) {
  CliRun plans = run({"solve", "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 2:0-0", "--goal", "match", "--by-rounds", "--plans", "--time", "5"});
  EXPECT_EQ(plans.code, cli::kStopped) << plans.err;
  const std::string first = plans.err.substr(0, plans.err.find('\n'));
  ASSERT_NE(first.find("solve: "), std::string::npos) << plans.err;
  EXPECT_EQ(first.find(" 0 nodes"), std::string::npos) << first;

  const fs::path dir = fresh("census_progress");
  const std::string run_dir = (dir / "run").string();
  ASSERT_EQ(run({"census", "plan", run_dir, "--subspace", "range:0:10", "--shard-size", "10"}).code, cli::kOk);
  CliRun census = run({"census", "run", run_dir});
  ASSERT_EQ(census.code, cli::kOk) << census.err;
  EXPECT_NE(census.err.find("census: proving 1 shards (10 starts) on 1 thread\n"), std::string::npos) << census.err;
  EXPECT_NE(census.err.find("0 of 1 shards, "), std::string::npos) << census.err;  // said before the shard was done
}

// The regrouped sample's checkpoint: a line of another start is refused; a winner read back is
// said to be an earlier run's, unchecked, and --recheck proves it again and refuses a forged one.
TEST(ReadBack_Regrouped, ACheckpointsWinnersAreNamedUncheckedOrProvedAgain) {
  const fs::path dir = fresh("regrouped");
  const std::string ck = (dir / "r.jsonl").string();
  const std::vector<std::string> args = {"opening", "--regrouped", "2", "--seed", "1", "--checkpoint", ck};
  CliRun first = run(args);
  ASSERT_EQ(first.code, cli::kOk) << first.err;
  EXPECT_EQ(first.out.find("unchecked"), std::string::npos) << first.out;
  CliRun again = run(args);
  ASSERT_EQ(again.code, cli::kOk) << again.err;
  EXPECT_NE(again.out.find("; 2 of them as an earlier run wrote them in " + ck + ", unchecked (--recheck proves them again)"), std::string::npos)
      << again.out;
  std::vector<std::string> recheck = args;
  recheck.push_back("--recheck");
  CliRun agreed = run(recheck);
  ASSERT_EQ(agreed.code, cli::kOk) << agreed.err;
  EXPECT_EQ(agreed.out.find("unchecked"), std::string::npos) << agreed.out;

  const std::string good = bytes_of(ck);
  std::string forged = good;
  const std::size_t winner = forged.find("\"winner\":\"");
  ASSERT_NE(winner, std::string::npos);
  const std::size_t at = winner + 10;
  forged.replace(at, forged.compare(at, 5, "black") == 0 ? 5 : 4, forged.compare(at, 5, "black") == 0 ? "gold" : "black");
  write_bytes(ck, forged);
  CliRun refused = run(recheck);
  EXPECT_EQ(refused.code, cli::kBadInput);
  EXPECT_NE(last_line(refused.err).find("is recorded as won by"), std::string::npos) << refused.err;
  std::string moved = good;
  moved.replace(moved.find("\"kfen\":\"") + 8, 1, moved[moved.find("\"kfen\":\"") + 8] == 'r' ? "b" : "r");  // another start's KFEN
  write_bytes(ck, moved);
  CliRun other = run(args);
  EXPECT_EQ(other.code, cli::kBadInput);
  EXPECT_NE(last_line(other.err).find("not start 0 of seed 1"), std::string::npos) << other.err;
}
