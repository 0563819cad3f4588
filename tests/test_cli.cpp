// The kamisado command run in-process: outputs, --json, exit codes (0 ok, 2 bad input) and
// one-line errors, and that output files are written whole or not at all.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/app.h"
#include "puzzles/store.h"
#include "solver/match/match_minimax.h"
#include "solver/starts/round_start.h"
#include "solver/starts/round_start_table.h"
#include "src/io/run_lock.h"
#include "src/kamisado/kfen.h"

using namespace kamisado::cli;

namespace {
struct CliRun {
  int code;
  std::string out, err;
};

CliRun run(std::vector<std::string> args) {
  std::ostringstream out, err;
  int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

// A bad-input run: exit 2, nothing on stdout, exactly one line on stderr.
void expect_one_line_error(const CliRun& r, const std::string& text) {
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find(text), std::string::npos) << r.err;
}

std::filesystem::path temp_dir() {
  std::filesystem::path d = std::filesystem::path(KAMISADO_TEST_TMP) / "cli";
  std::filesystem::create_directories(d);
  return d;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

const std::string kStart = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -";
}  // namespace

TEST(CLI_Help, TeachesEveryCommand) {
  CliRun r = run({"--help"});
  EXPECT_EQ(r.code, kOk);
  for (const char* cmd : {"show", "moves", "play", "perft", "bench", "selfcheck", "solve", "check-proof", "solve-bench", "opening", "retro"})
    EXPECT_NE(r.out.find(cmd), std::string::npos) << cmd;
  CliRun sub = run({"perft", "--help"});
  EXPECT_EQ(sub.code, kOk);
  EXPECT_NE(sub.out.find("--divide"), std::string::npos);
  EXPECT_NE(sub.out.find("Example:"), std::string::npos);
  // Issue 72: conform's help names the protocol's requests and where the adapter kits are.
  CliRun conform = run({"conform", "--help"});
  for (const char* word : {"hello", "position <kfen>", "moves", "play <move>", "status", "quit", "src/conform/adapters/"})
    EXPECT_NE(conform.out.find(word), std::string::npos) << word;
}

TEST(CLI_Usage, NoCommandOrUnknownOptionIsBadInput) {
  expect_one_line_error(run({}), "subcommand is required");
  expect_one_line_error(run({"perft", "3", "--bogus"}), "--bogus");
  expect_one_line_error(run({"perft", "-1"}), "depth");
  expect_one_line_error(run({"frobnicate"}), "frobnicate");
}

TEST(CLI_Show, TextAndJson) {
  CliRun r = run({"show", kStart});
  EXPECT_EQ(r.code, kOk);
  EXPECT_NE(r.out.find("Black to move, any tower (T1)"), std::string::npos);
  CliRun j = run({"show", "o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R", "--json"});
  ASSERT_EQ(j.code, kOk);
  auto json = nlohmann::json::parse(j.out);
  EXPECT_EQ(json["designated"], "Red");
  EXPECT_EQ(json["designated_square"], "c3");
  EXPECT_EQ(json["towers"].size(), 16u);
  EXPECT_EQ(json["status"]["state"], "ongoing");
}

TEST(CLI_Show, BadKfenIsOneLineAndExitTwo) {
  expect_one_line_error(run({"show", "obpkyrgn/8/8/8/8/8/8/NGRYKPBN b -"}), "Black Brown tower 'N' appears twice");
  expect_one_line_error(run({"show", "nonsense"}), "KFEN: 1 fields");
}

TEST(CLI_Show, SvgDrawsTheBoardAndMarksTheDesignatedTower) {
  auto path = temp_dir() / "board.svg";
  std::filesystem::remove(path);
  CliRun r = run({"show", "o+3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R", "--svg", path.string()});
  ASSERT_EQ(r.code, kOk) << r.err;
  std::string svg = read(path);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  std::size_t squares = 0, towers = 0;
  for (std::size_t at = 0; (at = svg.find("class=\"square\"", at)) != std::string::npos; ++at) ++squares;
  for (std::size_t at = 0; (at = svg.find("class=\"tower\"", at)) != std::string::npos; ++at) ++towers;
  EXPECT_EQ(squares, 64u);
  EXPECT_EQ(towers, 16u);
  EXPECT_NE(svg.find("class=\"designated\""), std::string::npos);
  EXPECT_NE(svg.find("data-tower=\"Gold Orange\" data-square=\"a8\" data-rank=\"1\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"ring\""), std::string::npos);
}

TEST(CLI_Show, UnwritableSvgPathIsBadInputAndKeepsExistingFiles) {
  expect_one_line_error(run({"show", kStart, "--svg", "/nonexistent-dir/x.svg"}), "cannot write '/nonexistent-dir/x.svg'");
  // A bad KFEN must not touch an existing output file.
  auto path = temp_dir() / "keep.svg";
  { std::ofstream(path) << "precious"; }
  expect_one_line_error(run({"show", "bad kfen here", "--svg", path.string()}), "KFEN");
  EXPECT_EQ(read(path), "precious");
  expect_one_line_error(run({"show", kStart, "--svg", temp_dir().string()}), "it is a folder");
}

TEST(CLI_Moves, ListsMovesAndThePass) {
  CliRun r = run({"moves", "o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R"});
  EXPECT_EQ(r.code, kOk);
  EXPECT_NE(r.out.find("1 legal moves: pass"), std::string::npos) << r.out;
  CliRun j = run({"moves", kStart, "--json"});
  auto json = nlohmann::json::parse(j.out);
  EXPECT_EQ(json["count"], 102);
  EXPECT_EQ(json["moves"].size(), 102u);
  CliRun win = run({"moves", "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N"});
  EXPECT_NE(win.out.find("a1a8#"), std::string::npos) << win.out;
}

TEST(CLI_Perft, CountsAndDivide) {
  CliRun r = run({"perft", "3"});
  EXPECT_EQ(r.code, kOk);
  EXPECT_NE(r.out.find("perft 3: 11182"), std::string::npos) << r.out;
  CliRun j = run({"perft", "3", "--divide", "--json"});
  auto json = nlohmann::json::parse(j.out);
  EXPECT_EQ(json["nodes"], 11182);
  std::uint64_t sum = 0;
  for (auto& [move, n] : json["divide"].items()) sum += n.get<std::uint64_t>();
  EXPECT_EQ(sum, 11182u);
  EXPECT_EQ(json["divide"].size(), 102u);
  expect_one_line_error(run({"perft", "2", "--kfen", "x"}), "KFEN");
}

TEST(CLI_Play, AppliesMovesAndPrintsKfenAndStatus) {
  CliRun r = run({"play", "--moves", "c1c4 g8d5"});
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("obpkyr1n/8/8/3g4/2R5/8/8/NG1YKPBO b O"), std::string::npos) << r.out;
  CliRun j = run({"play", "--kfen", "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N", "--moves", "a1a8", "--json"});
  auto json = nlohmann::json::parse(j.out);
  EXPECT_EQ(json["status"]["state"], "won");
  EXPECT_EQ(json["status"]["winner"], "black");
  EXPECT_EQ(json["status"]["reason"], "home-row");
  EXPECT_EQ(json["rounds"][0]["moves"].size(), 1u);
}

TEST(CLI_Play, MatchWithBuiltInPlayersRecordsEveryRound) {
  CliRun r = run({"play", "--match", "standard", "--black", "greedy", "--gold", "random", "--seed", "7", "--json"});
  ASSERT_EQ(r.code, kOk) << r.err;
  auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["target"], 3);
  EXPECT_EQ(json["status"]["state"], "match-won");
  auto rounds = json["rounds"];
  ASSERT_GE(rounds.size(), 2u);
  unsigned black = 0, gold = 0;
  for (auto& round : rounds) {
    ASSERT_TRUE(round.contains("winner"));
    (round["winner"] == "black" ? black : gold) += round["points"].get<unsigned>();
    EXPECT_EQ(round["score"]["black"], black);
    EXPECT_EQ(round["score"]["gold"], gold);
  }
  EXPECT_TRUE(black >= 3 || gold >= 3);
  EXPECT_FALSE(rounds.back().contains("fill"));
  // The same seed plays the same match.
  EXPECT_EQ(run({"play", "--match", "standard", "--black", "greedy", "--gold", "random", "--seed", "7", "--json"}).out, r.out);
  CliRun text = run({"play", "--match", "marathon", "--black", "random", "--gold", "random", "--seed", "2"});
  EXPECT_NE(text.out.find("Match to 15 points"), std::string::npos);
  EXPECT_NE(text.out.find("Round 2: "), std::string::npos);
  EXPECT_NE(text.out.find("wins the match"), std::string::npos);
}

TEST(CLI_Play, MovesCrossRoundsWithFills) {
  CliRun r = run({"play", "--kfen", "o1p2r2/3k4/1b2g1B1/3Y3O/4y3/1G3P1n/8/N1R1K3 b O 3:0-0", "--moves", "h5h8 fill-right"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("Black wins on the home row with the Orange tower: ring worth 1, score Black 1 - Gold 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Black, the Defender, chooses fill-right"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("oprkbgyn/8/8/8/8/8/8/O+BYGPNRK g - 3:1-0"), std::string::npos) << r.out;
}

TEST(CLI_Play, BadMatchOptionsAreBadInput) {
  expect_one_line_error(run({"play", "--match", "bogus"}), "--match: 'bogus' is no match");
  expect_one_line_error(run({"play", "--match", "0"}), "--match: '0' is no match");
  // P3: above 15 a tower would take a fifth ring (the audit's crash: --match 300, seed 2).
  expect_one_line_error(run({"play", "--match", "300", "--black", "random", "--gold", "random", "--seed", "2"}), "from 1 to 15 (P3)");
  expect_one_line_error(run({"play", "--match", "16"}), "--match: '16' is no match");
  expect_one_line_error(run({"moves", "obpkyrg1/7O++++/6n1/8/8/8/8/NGRYKPB1 b O 15:0-0"}), "rings are worth 15 points");
  expect_one_line_error(run({"play", "--match", "3", "--kfen", kStart}), "--match starts from the initial set-up");
  expect_one_line_error(run({"play", "--black", "smart"}), "--black");
  expect_one_line_error(run({"play", "--black", "random", "--seed", "-5"}), "a seed is a whole number");
}

TEST(CLI_Paths, ReportPathsAreCheckedBeforeTheWork) {
  expect_one_line_error(run({"bench", "--report", temp_dir().string()}), "it is a folder");
  expect_one_line_error(run({"verify", "--report", "/nonexistent-dir/v.md"}), "no folder '/nonexistent-dir'");
  expect_one_line_error(run({"conform", "--engine", "true", "--corpus", temp_dir().string()}), "it is a folder");
}

TEST(CLI_Play, IllegalMoveNamesItsIndexAndTheAlternatives) {
  CliRun r = run({"play", "--moves", "c1c4 f8f6 d1d5"});
  expect_one_line_error(r, "move 2 'f8f6' is illegal");
  EXPECT_NE(r.err.find("legal moves: g8g2 g8g3"), std::string::npos) << r.err;
  expect_one_line_error(run({"play", "--moves", "c1c4 zz"}), "move 2 'zz': move 'zz' is not a move");
  expect_one_line_error(run({"play", "--kfen", "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N", "--moves", "a1a8 h6h5"}), "move 2 'h6h5': the game is over");
}

TEST(CLI_Selfcheck, AllChecksHold) {
  CliRun r = run({"selfcheck", "--json"});
  EXPECT_EQ(r.code, kOk) << r.out;
  auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["failed"], 0);
  EXPECT_GE(json["passed"], 13);
}

TEST(CLI_Bench, WritesTheReport) {
  auto path = temp_dir() / "performance.md";
  CliRun r = run({"bench", "--depth", "4", "--sumo-depth", "3", "--repeat", "1", "--report", path.string(), "--json"});
  ASSERT_EQ(r.code, kOk) << r.err;
  auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["single_round"]["nodes"], 105078);
  EXPECT_EQ(json["sumo_rich"]["positions"], 6);
  EXPECT_GT(json["sumo_rich"]["nodes"].get<std::uint64_t>(), 0u);
  std::string md = read(path);
  EXPECT_NE(md.find("kamisado bench --depth 4 --sumo-depth 3 --repeat 1"), std::string::npos) << md;
  EXPECT_NE(md.find("| 105078 |"), std::string::npos) << md;
}

TEST(CLI_Bench, OnePosition) {
  CliRun r = run({"bench", "--kfen", kStart, "--depth", "3", "--repeat", "1", "--json"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["nodes"], 11182);
}

TEST(CLI_Solve, ValueDistanceBestMoveTextAndJson) {
  CliRun r = run({"solve", "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N", "--json"});
  ASSERT_EQ(r.code, kOk) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value"], "win");
  EXPECT_EQ(j["winner"], "black");
  EXPECT_EQ(j["best"], "a1a8");  // M7 at once
  EXPECT_EQ(j["distance"]["plies"], 1);
  EXPECT_EQ(j["distance"]["winner_moves"], 1);
  CliRun text = run({"solve", kStart});
  ASSERT_EQ(text.code, kOk) << text.err;
  EXPECT_NE(text.out.find("Black to move wins"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Black wins in 17 plies (9 moves of Black)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("nodes/s"), std::string::npos) << text.out;
}

TEST(CLI_Solve, StoppedIsUnknownAndBadInputIsOneLine) {
  CliRun r = run({"solve", kStart, "--time", "0.000001"});
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("unknown"), std::string::npos) << r.out;
  expect_one_line_error(run({"solve", "not a kfen"}), "KFEN");
  expect_one_line_error(run({"solve", kStart, "--value-only", "--proof", (temp_dir() / "x.proof").string()}), "--value-only");
  expect_one_line_error(run({"solve", kStart, "--proof", "/nonexistent-dir/x.proof"}), "cannot write");
  // Goals the position cannot be asked (P1–P3).
  expect_one_line_error(run({"solve", kStart, "--goal", "match"}), "needs a match position");
  expect_one_line_error(run({"solve", kStart + " 3:0-0", "--goal", "ring:3"}), "1, 2, 4 or 8");
  expect_one_line_error(run({"solve", kStart + " 3:0-0", "--goal", "ring:16"}), "1, 2, 4 or 8");
  expect_one_line_error(run({"solve", kStart, "--goal", "ring:1"}), "needs a match position");
  expect_one_line_error(run({"solve", kStart + " 3:0-0", "--goal", "draw"}), "--goal: 'draw' is no goal: give round, match or ring:P");
}

TEST(CLI_Solve, ProofFileCheckProofAndDot) {
  auto proof = temp_dir() / "start.proof", dot = temp_dir() / "start.dot";
  CliRun r = run({"solve", kStart, "--proof", proof.string(), "--dot", dot.string(), "--dot-depth", "2", "--check"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("checked: the proof holds"), std::string::npos) << r.out;
  EXPECT_EQ(read(dot).rfind("digraph G {", 0), 0u);
  CliRun ok = run({"check-proof", proof.string(), "--json"});
  ASSERT_EQ(ok.code, kOk) << ok.err;
  auto j = nlohmann::json::parse(ok.out);
  EXPECT_TRUE(j["holds"]);
  EXPECT_EQ(j["plies"], 17);
  EXPECT_EQ(j["winner"], "black");

  // A tampered proof: one defence of Gold's first turn removed. Exit 1, naming the node.
  std::string text = read(proof);
  auto line = text.find("\n1 loss ");
  ASSERT_NE(line, std::string::npos);
  auto comma = text.find(", ", line);
  auto end = text.find('\n', line + 1);
  ASSERT_LT(comma, end);
  std::string tampered = text.substr(0, comma) + text.substr(end);
  auto bad = temp_dir() / "tampered.proof";
  { std::ofstream(bad) << tampered; }
  CliRun rejected = run({"check-proof", bad.string()});
  EXPECT_EQ(rejected.code, kInternalError);
  EXPECT_NE(rejected.out.find("proof REJECTED: node 1:"), std::string::npos) << rejected.out;

  // A file that is not a proof, or not there: exit 2, one line naming the file and the line.
  auto garbage = temp_dir() / "garbage.proof";
  { std::ofstream(garbage) << "kamisado-proof 1\nwinner purple\n"; }
  expect_one_line_error(run({"check-proof", garbage.string()}), "line 2: the winner must be black or gold");
  expect_one_line_error(run({"check-proof", (temp_dir() / "missing.proof").string()}), "cannot read");
}

// A long search saved as it goes (solver/proof/checkpoint.h): stopped by --nodes, run again with
// the same command, it resumes and ends with the uninterrupted run's answer; a file that is not
// its checkpoint is refused and kept.
TEST(CLI_Solve, CheckpointStopsResumesAndRefusesAForeignFile) {
  const std::string match = kStart + " 1:0-0";
  auto checkpoint = temp_dir() / "match-1.ckpt";
  std::filesystem::remove(checkpoint);
  CliRun whole = run({"solve", match, "--goal", "match", "--json"});
  ASSERT_EQ(whole.code, kOk) << whole.err;
  CliRun stopped = run({"solve", match, "--goal", "match", "--nodes", "100000", "--checkpoint", checkpoint.string(), "--json"});
  ASSERT_EQ(stopped.code, kOk) << stopped.err;
  auto s = nlohmann::json::parse(stopped.out);
  EXPECT_FALSE(s.contains("distance"));
  EXPECT_EQ(s["checkpoint"]["saves"], 1);
  EXPECT_FALSE(s["checkpoint"]["resumed"]);
  CliRun resumed = run({"solve", match, "--goal", "match", "--checkpoint", checkpoint.string(), "--json"});
  ASSERT_EQ(resumed.code, kOk) << resumed.err;
  EXPECT_NE(resumed.err.find("resuming from"), std::string::npos) << resumed.err;
  auto a = nlohmann::json::parse(whole.out), b = nlohmann::json::parse(resumed.out);
  EXPECT_TRUE(b["checkpoint"]["resumed"]);
  EXPECT_GE(b["checkpoint"]["nodes_before"], 100000);
  for (const char* field : {"value", "winner", "best", "distance"}) EXPECT_EQ(a[field], b[field]) << field;
  // Another goal, another table size, or a file that is no checkpoint: one line, exit 2, the
  // file as it was.
  std::string saved = read(checkpoint);
  expect_one_line_error(run({"solve", match, "--goal", "round", "--checkpoint", checkpoint.string()}), "of another search");
  expect_one_line_error(run({"solve", match, "--goal", "match", "--hash", "32", "--checkpoint", checkpoint.string()}), "--hash: checkpoint");
  EXPECT_EQ(read(checkpoint), saved);
  auto precious = temp_dir() / "precious.txt";
  { std::ofstream(precious) << "my notes"; }
  expect_one_line_error(run({"solve", match, "--goal", "match", "--checkpoint", precious.string()}), "not a kamisado search checkpoint");
  EXPECT_EQ(read(precious), "my notes");
  // Issue 27, 7: a checkpoint whose header was forged is refused in one line, and no "resuming
  // from" line with the forged count comes before it.
  std::string forged = saved;
  const auto nodes_at = forged.find("\nnodes ");
  ASSERT_NE(nodes_at, std::string::npos);
  forged.replace(nodes_at, 7, "\nnodes 9");
  { std::ofstream(checkpoint, std::ios::binary) << forged; }
  expect_one_line_error(run({"solve", match, "--goal", "match", "--checkpoint", checkpoint.string()}), "its header was changed");
  // Issue 27, 4: while another run holds the checkpoint, a second is refused at once in one line,
  // and neither deletes the other's files.
  { std::ofstream(checkpoint, std::ios::binary) << saved; }
  {
    const kamisado::io::RunLock other = kamisado::io::RunLock::on_file(checkpoint.string(), "solve");
    expect_one_line_error(run({"solve", match, "--goal", "match", "--checkpoint", checkpoint.string()}), "is in use by another run");
  }
  EXPECT_EQ(read(checkpoint), saved);
}

// Issue 27, 3: stopped after the plies were proved exact but before the winner's own moves were,
// the loser's move is its longest defence, never "a winning move", and the plies are given as
// exact. The node limit repeats exactly; the first one that stops there is found by a scan.
TEST(CLI_Solve, StoppedBetweenPliesAndMovesTheLoserGetsItsLongestDefence) {
  const std::string after_b1b7 = "obpkyrgn/1G6/8/8/8/8/8/N1RYKPBO g o 1:0-0";  // Gold to move loses the 1-point match
  for (int nodes = 4096; nodes < 400000; nodes += 4096) {
    CliRun j = run({"solve", after_b1b7, "--goal", "match", "--nodes", std::to_string(nodes), "--json"});
    ASSERT_EQ(j.code, kOk) << j.err;
    const auto r = nlohmann::json::parse(j.out);
    if (r["value"] != "loss" || !r.contains("distance") || !r["distance"]["winner_moves"].is_null()) continue;
    EXPECT_EQ(r["distance"]["plies"], 16);
    CliRun text = run({"solve", after_b1b7, "--goal", "match", "--nodes", std::to_string(nodes)});
    EXPECT_NE(text.out.find("distance: Black wins in 16 plies (exact;"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("longest defence: " + r["best"].get<std::string>()), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("a winning move"), std::string::npos) << text.out;
    return;
  }
  FAIL() << "no node limit stopped the search between the plies and the moves";
}

// A match proof crosses rounds and can be large: written zstd-compressed (solver/proof/proof_io.h)
// for a path ending in .zst or from 16 MB of text; check-proof reads it, and refuses it damaged.
TEST(CLI_Solve, CompressedProofIsWrittenCheckedAndRefusedDamaged) {
  auto proof = temp_dir() / "match-1.proof.zst";
  CliRun r = run({"solve", kStart + " 1:0-0", "--goal", "match", "--proof", proof.string(), "--json"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_TRUE(nlohmann::json::parse(r.out)["proof"]["compressed"]);
  std::string bytes = read(proof);
  ASSERT_GE(bytes.size(), 4u);
  EXPECT_EQ(bytes.substr(0, 4), std::string("\x28\xB5\x2F\xFD"));  // zstd's magic number
  CliRun ok = run({"check-proof", proof.string(), "--json"});
  ASSERT_EQ(ok.code, kOk) << ok.err;
  auto j = nlohmann::json::parse(ok.out);
  EXPECT_TRUE(j["holds"]);
  EXPECT_EQ(j["goal"], "match");
  EXPECT_EQ(j["plies"], 17);
  auto bad = temp_dir() / "damaged.proof.zst";
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x10;
  { std::ofstream(bad, std::ios::binary) << flipped; }
  expect_one_line_error(run({"check-proof", bad.string()}), "damaged");
  { std::ofstream(bad, std::ios::binary) << bytes.substr(0, bytes.size() - 10); }
  expect_one_line_error(run({"check-proof", bad.string()}), "cut short");
}

TEST(CLI_Solve, ABadKfenKeepsAnExistingProofFile) {
  auto path = temp_dir() / "keep.proof";
  { std::ofstream(path) << "precious"; }
  expect_one_line_error(run({"solve", "bad kfen here", "--proof", path.string()}), "KFEN");
  EXPECT_EQ(read(path), "precious");
}

TEST(CLI_SolveBench, RunsTheSuiteAndWritesTheReport) {
  auto suite = temp_dir() / "suite.json", report = temp_dir() / "solver.md";
  CliRun gen = run({"solve-bench", "--generate", suite.string(), "--single", "3", "--match", "1", "--seed", "5", "--alphabeta-nodes", "200000"});
  ASSERT_EQ(gen.code, kOk) << gen.err;
  EXPECT_NE(gen.out.find("wrote 4 positions"), std::string::npos) << gen.out;
  auto matches = temp_dir() / "match_suite.json";
  CliRun gen_match = run({"solve-bench", "--generate-match", matches.string(), "--match-count", "4", "--seed", "3"});
  ASSERT_EQ(gen_match.code, kOk) << gen_match.err;
  EXPECT_NE(gen_match.out.find("wrote 4 match positions"), std::string::npos) << gen_match.out;
  const std::vector<std::string> small_match = {"--match-suite", matches.string(), "--match-probe", "0.2"};
  auto bench = [&](std::vector<std::string> args) {
    args.insert(args.end(), small_match.begin(), small_match.end());
    return run(args);
  };
  CliRun r = bench({"solve-bench", "--suite", suite.string(), "--report", report.string(), "--hash", "4"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("every value and distance agrees with the suite"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("match suite: 4 positions, df-pn and minimax agree on every one"), std::string::npos) << r.out;
  std::string md = read(report);
  EXPECT_NE(md.find("| positions | 4 (3 single round, 1 in match rounds) |"), std::string::npos) << md;
  EXPECT_NE(md.find("## Match positions"), std::string::npos) << md;
  EXPECT_NE(md.find("| agreeing | 4 of 4 |"), std::string::npos) << md;
  // --no-match (the main job's short form): the suite alone, no match section.
  CliRun alone = run({"solve-bench", "--suite", suite.string(), "--hash", "4", "--repeat", "1", "--no-match", "--json"});
  ASSERT_EQ(alone.code, kOk) << alone.err;
  EXPECT_FALSE(nlohmann::json::parse(alone.out).contains("match"));
  // A match position whose stored distance is wrong is caught.
  auto m = nlohmann::json::parse(read(matches));
  m["positions"][1]["plies"] = m["positions"][1]["plies"].get<int>() + 2;
  { std::ofstream(matches) << m.dump(); }
  CliRun wrong_match = bench({"solve-bench", "--suite", suite.string(), "--hash", "4"});
  EXPECT_EQ(wrong_match.code, kInternalError);
  EXPECT_NE(wrong_match.out.find("DISAGREE on 1"), std::string::npos) << wrong_match.out;
  // A suite whose stored distance is wrong is caught.
  auto j = nlohmann::json::parse(read(suite));
  j["positions"][0]["plies"] = j["positions"][0]["plies"].get<int>() + 2;
  { std::ofstream(suite) << j.dump(); }
  CliRun wrong = bench({"solve-bench", "--suite", suite.string(), "--hash", "4"});
  EXPECT_EQ(wrong.code, kInternalError);
  EXPECT_NE(wrong.out.find("1 positions DISAGREE"), std::string::npos) << wrong.out;
  expect_one_line_error(run({"solve-bench", "--suite", (temp_dir() / "nope.json").string()}), "cannot read");
  // A damaged entry is named by its number, never an internal error.
  j["positions"][1]["plies"] = "seventeen";
  { std::ofstream(suite) << j.dump(); }
  expect_one_line_error(run({"solve-bench", "--suite", suite.string()}), "position 2: no whole number field \"plies\"");
  j["positions"][1]["plies"] = 3;
  j["positions"][2]["kfen"] = "not a kfen";
  { std::ofstream(suite) << j.dump(); }
  expect_one_line_error(run({"solve-bench", "--suite", suite.string()}), "position 3: KFEN");
}

// Issue 42: long match wins chosen by the minimax alone, and df-pn's cost of their exact
// distance set beside the minimax's positions, in a section of the report that other runs keep.
// solve --by-rounds's options: each that means nothing without --by-rounds, or with another it does
// not go with, is refused in one line before any search, by the command line in its words (issue
// 72: the library's words name no option).
TEST(CLI_Solve, ByRoundsOptionsThatDoNotGoTogetherAreRefusedInOneLine) {
  const std::string match = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 2:0-0", dir = temp_dir().string();
  const std::string starts = (temp_dir() / "refused.starts").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--starts", starts}, "--starts requires --by-rounds"},
      {{"--mpi"}, "--mpi requires --by-rounds"},
      {{"--plan"}, "--plan requires --by-rounds"},
      {{"--certificate", dir}, "--certificate requires --by-rounds"},
      {{"--by-rounds"}, "give --goal match"},
      {{"--by-rounds", "--goal", "match", "--check"}, "--check excludes --by-rounds"},
      {{"--by-rounds", "--goal", "match", "--recheck-starts"}, "--recheck-starts requires --starts"},
      {{"--by-rounds", "--goal", "match", "--levels", "2"}, "--levels requires --plan"},
      {{"--by-rounds", "--goal", "match", "--plan", "--mpi"}, "--plan excludes --mpi"},
      {{"--by-rounds", "--goal", "match", "--plan", "--certificate", dir}, "--certificate excludes --plan"},
      {{"--by-rounds", "--goal", "match", "--plan", "--levels", "2", "--starts", starts}, "--starts excludes --levels"},
      {{"--by-rounds", "--goal", "match", "--certificate", dir, "--mpi"}, "--certificate: a certificate is written by one process"},
      {{"--value-only", "--check"}, "--value-only: who wins alone gives no distance"},
  };
  for (const auto& [options, text] : cases) {
    std::vector<std::string> args = {"solve", match};
    args.insert(args.end(), options.begin(), options.end());
    SCOPED_TRACE(options.front());
    expect_one_line_error(run(args), text);
  }
  EXPECT_FALSE(std::filesystem::exists(starts));
}

// A report names the command that makes it again (issue 47): every option it ran with, so the
// command, run, writes a report that names the same command.
TEST(CLI_MatchReport, TheReportNamesTheCommandThatMakesItAgain) {
  const std::string report = (temp_dir() / "match.md").string();
  const std::vector<std::string> options = {
      "--seconds",          "0.1", "--hash",        "16",   "--ends", "0", "--seconds-per-end",  "0.5", "--round-three",   "0",
      "--starts-per-score", "0",   "--match-nodes", "5000", "--seed", "3", "--by-rounds-sample", "0",   "--levels-sample", "0",
      "--levels-seconds",   "5",   "--run-seconds", "0"};
  std::vector<std::string> args = {"match-report", "--report", report};
  args.insert(args.end(), options.begin(), options.end());
  const auto command_of = [&] {
    const std::string text = read(report), mark = "Generated by `";
    const std::size_t at = text.find(mark);
    if (at == std::string::npos) return std::string();
    return text.substr(at + mark.size(), text.find('`', at + mark.size()) - at - mark.size());
  };
  ASSERT_EQ(run(args).code, kOk);
  const std::string command = command_of();
  for (std::size_t i = 0; i < options.size(); i += 2)
    EXPECT_NE(command.find(" " + options[i] + " " + options[i + 1]), std::string::npos) << options[i] << " is missing from: " << command;
  std::vector<std::string> again;
  std::istringstream words(command);
  for (std::string w; words >> w;) again.push_back(w);
  ASSERT_GT(again.size(), 1u);
  ASSERT_EQ(again.front(), "kamisado");
  again.erase(again.begin());
  std::filesystem::remove(report);
  ASSERT_EQ(run(again).code, kOk);
  EXPECT_EQ(command_of(), command);
}

TEST(CLI_SolveBench, LongWinsAreChosenByTheMinimaxAndTheirDistancesMeasured) {
  auto wins = temp_dir() / "long_wins.json", report = temp_dir() / "distances.md";
  CliRun gen = run({"solve-bench", "--generate-match", wins.string(), "--match-count", "2", "--match-min-plies", "6", "--match-max-plies", "8",
                    "--minimax-budget", "2000000", "--seed", "4"});
  ASSERT_EQ(gen.code, kOk) << gen.err;
  expect_one_line_error(
      run({"solve-bench", "--generate-match", (temp_dir() / "never.json").string(), "--match-min-plies", "9", "--match-max-plies", "8"}),
      "--match-min-plies: the fewest plies of a match win, 9, are above the most, 8");
  auto doc = nlohmann::json::parse(read(wins));
  ASSERT_EQ(doc["positions"].size(), 2u);
  for (const auto& e : doc["positions"]) {
    const int plies = e["plies"];
    EXPECT_GE(plies, 6);
    EXPECT_LE(plies, 8);
    const kamisado::solver::MinimaxResult m = kamisado::solver::match_minimax(kamisado::parse_kfen(e["kfen"].get<std::string>()), 2'000'000);
    ASSERT_TRUE(m.winner);
    EXPECT_EQ(kamisado::side_id(*m.winner), e["winner"]);
    EXPECT_EQ(m.plies, plies);
    EXPECT_EQ(m.positions, e["minimax_positions"].get<std::uint64_t>());
  }
  { std::ofstream(report) << "# Proof search benchmark\n\n## Totals\n\nkept\n\n## Against BASE (abc)\n\nkept too\n"; }
  for (int pass = 0; pass < 2; ++pass) {  // the second replaces the section, never adds one
    CliRun r = run({"solve-bench", "--distances", wins.string(), "--report", report.string(), "--json"});
    ASSERT_EQ(r.code, kOk) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["positions"], 2);
    EXPECT_EQ(j["disagreements"], 0);
    EXPECT_GT(j["ratio_worst"].get<double>(), 0);
  }
  std::string md = read(report);
  const auto section = md.find("## Exact distances of long match wins");
  ASSERT_NE(section, std::string::npos) << md;
  EXPECT_EQ(md.find("## Exact distances of long match wins", section + 1), std::string::npos) << md;
  EXPECT_LT(md.find("kept\n"), section);
  EXPECT_GT(md.find("## Against BASE (abc)\n\nkept too"), section) << md;
  // A stored distance that is wrong is caught; an entry without the minimax's count is named.
  doc["positions"][0]["plies"] = doc["positions"][0]["plies"].get<int>() + 1;
  { std::ofstream(wins) << doc.dump(); }
  CliRun wrong = run({"solve-bench", "--distances", wins.string()});
  EXPECT_EQ(wrong.code, kInternalError);
  EXPECT_NE(wrong.out.find("DISAGREE on 1"), std::string::npos) << wrong.out;
  doc["positions"][0]["plies"] = doc["positions"][0]["plies"].get<int>() - 1;
  doc["positions"][1].erase("minimax_positions");
  { std::ofstream(wins) << doc.dump(); }
  expect_one_line_error(run({"solve-bench", "--distances", wins.string()}), "position 2 records no minimax_positions");
}

TEST(CLI_Opening, RegroupedStartsCheckpointAndResume) {
  auto checkpoint = temp_dir() / "regrouped.jsonl", report = temp_dir() / "regrouped.md";
  std::filesystem::remove(checkpoint);
  CliRun first = run({"opening", "--regrouped", "3", "--seed", "9", "--checkpoint", checkpoint.string(), "--json"});
  ASSERT_EQ(first.code, kOk) << first.err;
  EXPECT_EQ(nlohmann::json::parse(first.out)["starts"], 3);
  // Resuming: the three starts are not proved again, two more are added; a line cut short by a
  // stop is proved again.
  { std::ofstream(checkpoint, std::ios::app) << "{\"seed\": 9, \"ind"; }
  CliRun more = run({"opening", "--regrouped", "5", "--seed", "9", "--checkpoint", checkpoint.string(), "--report", report.string()});
  ASSERT_EQ(more.code, kOk) << more.err;
  EXPECT_NE(more.err.find("3 starts already proved"), std::string::npos) << more.err;
  EXPECT_NE(more.out.find("5 regrouped starts (seed 9)"), std::string::npos) << more.out;
  EXPECT_NE(read(report).find("| 4 | `"), std::string::npos);
  // The record written after the cut line stands on a line of its own: a third run finds all
  // five, and the result is an uninterrupted run's (issue 18, 6).
  CliRun again = run({"opening", "--regrouped", "5", "--seed", "9", "--checkpoint", checkpoint.string(), "--json"});
  EXPECT_NE(again.err.find("5 starts already proved"), std::string::npos) << again.err;
  auto fresh = temp_dir() / "regrouped-fresh.jsonl";
  std::filesystem::remove(fresh);
  CliRun whole = run({"opening", "--regrouped", "5", "--seed", "9", "--checkpoint", fresh.string(), "--json"});
  for (const char* field : {"starts", "first_mover_wins", "failures"})
    EXPECT_EQ(nlohmann::json::parse(again.out)[field], nlohmann::json::parse(whole.out)[field]) << field;
  expect_one_line_error(run({"opening", "--regrouped", "5", "--seed", "10", "--checkpoint", checkpoint.string()}), "a checkpoint of seed 9");
  auto foreign = temp_dir() / "foreign.jsonl";
  { std::ofstream(foreign) << "{\"seed\": 9, \"index\": \"x\"}\n"; }
  expect_one_line_error(run({"opening", "--regrouped", "5", "--seed", "9", "--checkpoint", foreign.string()}),
                        "not a result of opening --regrouped (no whole number \"index\")");
}

TEST(CLI_Retro, BuildProbeStatsVerifyCrosscheck) {
  const std::string root = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y";
  std::string table = (temp_dir() / "small.retro").string();
  CliRun b = run({"retro", "build", root, "-o", table, "--json"});
  ASSERT_EQ(b.code, kOk) << b.err;
  auto j = nlohmann::json::parse(b.out);
  EXPECT_EQ(j["positions"], 12184);
  EXPECT_EQ(j["root_value"]["win"], true);
  EXPECT_EQ(j["root_value"]["distance"], 3);

  CliRun p = run({"retro", "probe", table, root});
  EXPECT_EQ(p.code, kOk) << p.err;
  EXPECT_NE(p.out.find("Black to move wins: Black wins in 3 plies"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("fastest wins: "), std::string::npos) << p.out;

  CliRun s = run({"retro", "stats", table, "--json"});
  ASSERT_EQ(s.code, kOk) << s.err;
  auto st = nlohmann::json::parse(s.out);
  std::uint64_t sum = 0;
  for (auto& row : st["by_distance"]) sum += row["wins"].get<std::uint64_t>() + row["losses"].get<std::uint64_t>();
  EXPECT_EQ(sum, 12184u);

  CliRun v = run({"retro", "verify", table, "--threads", "2"});
  EXPECT_EQ(v.code, kOk) << v.err;
  EXPECT_NE(v.out.find("table holds"), std::string::npos);

  CliRun c = run({"retro", "crosscheck", table, "--sample", "300", "--json"});
  EXPECT_EQ(c.code, kOk) << c.err;
  EXPECT_EQ(nlohmann::json::parse(c.out)["agrees"], true);
}

TEST(CLI_Retro, BadInputIsOneLineAndNeverDestroysAFile) {
  const std::string root = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y";
  std::filesystem::path keep = temp_dir() / "keep.retro";
  { std::ofstream(keep) << "precious"; }
  // The cap is hit: nothing is written, the existing file stays.
  expect_one_line_error(run({"retro", "build", root, "-o", keep.string(), "--max-positions", "100"}), "--max-positions");
  EXPECT_EQ(read(keep), "precious");
  // Not a table, a missing table, a folder.
  expect_one_line_error(run({"retro", "stats", keep.string()}), "bad magic");
  expect_one_line_error(run({"retro", "verify", (temp_dir() / "none.retro").string()}), "cannot read table");
  expect_one_line_error(run({"retro", "probe", temp_dir().string(), root}), "it is a folder");
  // A truncated table.
  std::string table = (temp_dir() / "cut.retro").string();
  ASSERT_EQ(run({"retro", "build", root, "-o", table}).code, kOk);
  std::string bytes = read(table);
  { std::ofstream(table, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2); }
  expect_one_line_error(run({"retro", "stats", table}), "truncated");  // by its trailer, before a block is read (issues 67, 70)
  // A finished round, a bad KFEN, a position from elsewhere.
  expect_one_line_error(run({"retro", "build", "Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o", "-o", table}), "already over");
  expect_one_line_error(run({"retro", "build", "not-a-kfen", "-o", table}), "KFEN");
  ASSERT_EQ(run({"retro", "build", root, "-o", table}).code, kOk);
  expect_one_line_error(run({"retro", "probe", table, kStart}), "not in the table");
  expect_one_line_error(run({"retro", "crosscheck", table, "--sample", "-1"}), "--sample");
}

TEST(CLI_Puzzles, SolveGivesTheStipulationKeyLineDualsAndSlowerWins) {
  CliRun r = run({"puzzles", "solve", "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(
      r.out.find("Black to move wins in 2\nkey: h1f3 (unique)\nmain line: h1f3 a8c6 f3f8\nduals: none\nslower wins: h1g2 (in 3), h1e4 (in 3)\n"),
      std::string::npos)
      << r.out;
  CliRun j = run({"puzzles", "solve", "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O", "--json"});
  ASSERT_EQ(j.code, kOk) << j.err;
  auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["n"], 2);
  EXPECT_EQ(doc["unique_key"], true);
  EXPECT_EQ(doc["slower_wins"].size(), 2u);
  CliRun lost = run({"puzzles", "solve", "o1p3g1/B1R1K1N1/8/1y5Y/2P5/1b6/3k1r1n/1G5O g g"});
  EXPECT_EQ(lost.code, kOk);
  EXPECT_NE(lost.out.find("no puzzle"), std::string::npos);
  expect_one_line_error(run({"puzzles", "solve", "Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o"}), "already over");
  // --add: one's own puzzle into a collection, once; no puzzle, no change.
  std::filesystem::path db = temp_dir() / "cli-own-puzzles.db";
  std::filesystem::remove(db);
  CliRun add = run({"puzzles", "solve", "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O", "--add", db.string()});
  ASSERT_EQ(add.code, kOk) << add.err;
  EXPECT_NE(add.out.find("added to "), std::string::npos) << add.out;
  CliRun again = run({"puzzles", "solve", "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O", "--add", db.string(), "--json"});
  ASSERT_EQ(again.code, kOk) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["added"], false);
  expect_one_line_error(run({"puzzles", "solve", "o2ky1gn/N3K2O/8/3Y4/8/5r2/1bp5/1GR2PB1 g o", "--add", db.string()}), "one key");
  expect_one_line_error(run({"puzzles", "solve", "o1p3g1/B1R1K1N1/8/1y5Y/2P5/1b6/3k1r1n/1G5O g g", "--add", db.string()}), "does not win");
  auto rows = kamisado::puzzles::Store(db.string(), kamisado::puzzles::Store::Mode::ReadExisting).all();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].source, "added by hand");
  EXPECT_EQ(rows[0].keys, "h1f3");
}

TEST(CLI_Puzzles, GenerateTwiceNeverDuplicatesAndExportsJson) {
  std::filesystem::path db = temp_dir() / "cli-puzzles.db";
  std::filesystem::remove(db);
  for (int run_no = 0; run_no < 2; ++run_no) {
    CliRun g = run({"puzzles", "generate", "--count", "4", "--n", "2", "--seed", "9", "--db", db.string(), "--json"});
    ASSERT_EQ(g.code, kOk) << g.err;
    EXPECT_EQ(nlohmann::json::parse(g.out)["accepted"], 4);
    EXPECT_EQ(nlohmann::json::parse(g.out)["total"], 4 * (run_no + 1));
  }
  std::string out = (temp_dir() / "cli-puzzles.json").string();
  CliRun e = run({"puzzles", "export", "--db", db.string(), "--json", out});
  ASSERT_EQ(e.code, kOk) << e.err;
  auto doc = nlohmann::json::parse(read(out));
  ASSERT_EQ(doc["puzzles"].size(), 8u);
  std::set<std::string> kfens;
  for (auto& p : doc["puzzles"]) {
    kfens.insert(p["kfen"].get<std::string>());
    EXPECT_EQ(p["n"], 2);
    EXPECT_NE(p["stipulation"].get<std::string>().find("to move wins in 2"), std::string::npos);
  }
  EXPECT_EQ(kfens.size(), 8u);
  expect_one_line_error(run({"puzzles", "generate", "--db", temp_dir().string()}), "cannot open puzzle collection");
  expect_one_line_error(run({"puzzles", "export", "--db", (temp_dir() / "none.db").string(), "--json", out}), "no puzzle collection");
  expect_one_line_error(run({"puzzles", "generate", "--theme", "nonsense"}), "nonsense");
  expect_one_line_error(run({"puzzles", "generate", "--player", "nobody"}), "nobody");
  expect_one_line_error(run({"puzzles", "generate", "--retro", (temp_dir() / "none.rtb").string(), "--db", db.string()}), "cannot read table");
  expect_one_line_error(run({"puzzles", "generate", "--retro", out, "--db", db.string()}), out);  // not a table
  // From a retrograde table's root: each puzzle's moves start there.
  std::string table = (temp_dir() / "cli-puzzles.rtb").string();
  ASSERT_EQ(run({"retro", "build", "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y", "-o", table}).code, kOk);
  expect_one_line_error(run({"puzzles", "generate", "--retro", table, "--match", "--db", db.string()}),
                        "--retro: a retrograde table's root decides the round");
  std::filesystem::path retro_db = temp_dir() / "cli-puzzles-retro.db";
  std::filesystem::remove(retro_db);
  CliRun t = run({"puzzles", "generate", "--retro", table, "--count", "2", "--n", "2", "--db", retro_db.string(), "--json"});
  ASSERT_EQ(t.code, kOk) << t.err;
  EXPECT_EQ(nlohmann::json::parse(t.out)["accepted"], 2);
  EXPECT_GT(nlohmann::json::parse(t.out)["screened"].get<int>(), 0);
  // The trainer and the booklet: one diagram, stipulation and solution toggle per puzzle in the
  // booklet; the trainer's page with its script, style and data (browser tests open both).
  std::filesystem::path book = temp_dir() / "cli-booklet";
  std::filesystem::remove_all(book);
  CliRun h = run({"puzzles", "export", "--db", db.string(), "--html", book.string()});
  ASSERT_EQ(h.code, kOk) << h.err;
  EXPECT_NE(h.out.find("positions, every verdict proved"), std::string::npos) << h.out;
  EXPECT_NE(read((book / "index.html").string()).find("<script src=\"trainer.js\">"), std::string::npos);
  EXPECT_NE(read((book / "trainer.js").string()).find("KAMISADO_TRAINER"), std::string::npos);
  EXPECT_NE(read((book / "trainer.css").string()).find("#board"), std::string::npos);
  EXPECT_NE(read((book / "puzzles.js").string()).find("\"format\":\"kamisado-trainer 1\""), std::string::npos);
  std::string html = read((book / "booklet.html").string());
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("<svg "), 8u);
  EXPECT_EQ(count("to move wins in 2</p>"), 8u);
  EXPECT_EQ(count("<summary>Solution</summary>"), 8u);
  expect_one_line_error(run({"puzzles", "export", "--db", db.string()}), "nothing to write");
  // Written again over its own files; never over someone else's index.html.
  ASSERT_EQ(run({"puzzles", "export", "--db", db.string(), "--html", book.string()}).code, kOk);
  std::filesystem::path site = temp_dir() / "cli-someone-elses-site";
  std::filesystem::remove_all(site);
  std::filesystem::create_directories(site);
  std::ofstream(site / "index.html") << "<html>my home page</html>\n";
  expect_one_line_error(run({"puzzles", "export", "--db", db.string(), "--html", site.string()}), "was not written by kamisado");
  EXPECT_EQ(read((site / "index.html").string()), "<html>my home page</html>\n");
  expect_one_line_error(run({"puzzles", "export", "--db", db.string(), "--html", out}), "is a file");
}

TEST(CLI_Puzzles, PublishReachesItsTargetsWithCheckedCertificatesAndAddsNothingWhenRunAgain) {
  std::filesystem::path dir = temp_dir() / "cli-publish";
  std::filesystem::remove_all(dir);
  const std::vector<std::string> args = {"puzzles", "publish", "--out",  dir.string(), "--per-n",   "2",
                                         "--max-n", "2",       "--sumo", "0",          "--studies", "0"};
  CliRun first = run(args);
  ASSERT_EQ(first.code, kOk) << first.err;
  EXPECT_NE(first.out.find("4 puzzles (0 with Sumo themes), 4 certificates checked"), std::string::npos) << first.out;
  auto doc = nlohmann::json::parse(read((dir / "puzzles.json").string()));
  ASSERT_EQ(doc["puzzles"].size(), 4u);
  for (auto& p : doc["puzzles"]) {
    CliRun check = run({"check-proof", (dir / p["certificate"].get<std::string>()).string(), "--json"});
    ASSERT_EQ(check.code, kOk) << check.out;
    EXPECT_EQ(nlohmann::json::parse(check.out)["winner_moves"], p["n"]);
  }
  EXPECT_NE(read((dir / "README.md").string()).find("| single | 2 | 2 |"), std::string::npos);
  EXPECT_NE(read((dir / "booklet.html").string()).find("<summary>Solution</summary>"), std::string::npos);
  EXPECT_NE(read((dir / "puzzles.js").string()).find("certificates/"), std::string::npos);  // the trainer links them
  CliRun again = run(args);
  ASSERT_EQ(again.code, kOk) << again.err;
  EXPECT_EQ(again.err.find("to add"), std::string::npos) << again.err;  // the targets were met: nothing generated
  EXPECT_EQ(nlohmann::json::parse(read((dir / "puzzles.json").string()))["puzzles"].size(), 4u);
  expect_one_line_error(run({"puzzles", "publish", "--out", (dir / "README.md").string()}), "is a file");
  std::filesystem::path other = temp_dir() / "cli-publish-other";
  std::filesystem::remove_all(other);
  std::filesystem::create_directories(other);
  { std::ofstream(other / "README.md") << "mine\n"; }
  expect_one_line_error(run({"puzzles", "publish", "--out", other.string(), "--per-n", "1", "--max-n", "1", "--sumo", "0"}),
                        "README.md' was not written by kamisado");
  EXPECT_EQ(read((other / "README.md").string()), "mine\n");  // untouched
}

// Issue 27, 1: the README's own workflow (a puzzle added to work/puzzles.db, then publish --out
// work) never replaces the user's README.md, puzzles.json or certificates, and a user's
// index.html is refused before any file is written; the tool's own files are rewritten.
TEST(CLI_Puzzles, PublishNeverWritesOverTheUsersFiles) {
  namespace fs = std::filesystem;
  const fs::path work = temp_dir() / "cli-publish-work";
  fs::remove_all(work);
  fs::create_directories(work / "certificates");
  const std::string db = (work / "puzzles.db").string();
  ASSERT_EQ(run({"puzzles", "solve", "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O", "--add", db}).code, kOk);
  const std::vector<std::string> publish = {"puzzles", "publish", "--out",  work.string(), "--per-n",   "1",
                                            "--max-n", "1",       "--sumo", "0",           "--studies", "0"};
  for (const char* mine : {"README.md", "puzzles.json", "certificates/1.proof", "index.html"}) {
    { std::ofstream(work / mine) << "mine\n"; }
    expect_one_line_error(run(publish), std::string(mine) + "' was not written by kamisado");
    EXPECT_EQ(read((work / mine).string()), "mine\n");
    std::size_t files = 0;
    for (const auto& e : fs::recursive_directory_iterator(work)) files += e.is_regular_file();
    EXPECT_EQ(files, 2u) << mine;  // the collection and the user's file: nothing else was written
    fs::remove(work / mine);
  }
  CliRun done = run(publish);
  ASSERT_EQ(done.code, kOk) << done.err;
  EXPECT_TRUE(fs::exists(work / "certificates" / "1.proof"));
  EXPECT_EQ(run(publish).code, kOk);  // over its own files
}

TEST(CLI_Puzzles, BenchMeasuresEachNAndWritesTheReport) {
  std::string report = (temp_dir() / "puzzles.md").string();
  CliRun b = run({"puzzles", "bench", "--count", "2", "--max-n", "2", "--sumo-count", "0", "--report", report});
  EXPECT_EQ(b.code, kOk) << b.err;
  std::string md = read(report);
  for (int n = 1; n <= 2; ++n) EXPECT_NE(md.find("single round, win in " + std::to_string(n) + " | 2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Target: at least 100"), std::string::npos);
  // With a published collection: its difficulty by N, and the plot next to the report.
  std::filesystem::path dir = temp_dir() / "cli-bench-collection";
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run({"puzzles", "publish", "--out", dir.string(), "--per-n", "2", "--max-n", "2", "--sumo", "0", "--studies", "0"}).code, kOk);
  CliRun c = run({"puzzles", "bench", "--count", "1", "--max-n", "1", "--sumo-count", "0", "--collection", dir.string(), "--report", report});
  ASSERT_EQ(c.code, kOk) << c.err;
  md = read(report);
  EXPECT_NE(md.find("4 puzzles, 4 single-round puzzles for N = 1 to 10 (target at least 30 for each N: **NOT met"), std::string::npos) << md;
  EXPECT_NE(md.find("![Difficulty over N](puzzles-difficulty.svg)"), std::string::npos);
  std::string svg = read((temp_dir() / "puzzles-difficulty.svg").string());
  EXPECT_EQ(std::count(svg.begin(), svg.end(), '\n') > 4, true);
  EXPECT_EQ(svg.find("<circle cx") != std::string::npos, true);
  size_t dots = 0;
  for (auto at = svg.find("fill-opacity=\"0.6\""); at != std::string::npos; at = svg.find("fill-opacity=\"0.6\"", at + 1)) ++dots;
  EXPECT_EQ(dots, 4u);  // one per puzzle
  expect_one_line_error(
      run({"puzzles", "bench", "--count", "1", "--max-n", "1", "--sumo-count", "0", "--collection", (temp_dir() / "no-such-collection").string()}),
      "holds no puzzles.db");
}

// A run stopped by its time limit before its answer was complete is neither bad input nor a
// success: one line, exit code 130 (cli/app.h), and it says what to do.
TEST(Cli, AStoppedRunExitsWith130AndSaysSo) {
  CliRun r = run({"puzzles", "solve", "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "--time", "0.01"});
  EXPECT_EQ(r.code, kStopped) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find("give it more time"), std::string::npos) << r.err;
}

// Output paths (io/files.h): a regular file is replaced whole and a symbolic link is written
// through to its target and stays a link; a character device (/dev/null) is written through and
// stays a device; a pipe that nobody reads is refused at once rather than waited on.
TEST(Cli, OutputsNeverReplaceWhatAPathNamesButARegularFile) {
  namespace fs = std::filesystem;
  const fs::path dir = temp_dir() / "kinds";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "board.svg", link = dir / "link.svg";
  { std::ofstream(file) << "old"; }
  fs::create_symlink(file, link);
  ASSERT_EQ(run({"show", kStart, "--svg", link.string()}).code, kOk);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  std::ifstream in(file);
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first.rfind("<svg", 0), 0u) << first;

  ASSERT_EQ(run({"show", kStart, "--svg", "/dev/null"}).code, kOk);
  EXPECT_TRUE(fs::is_character_file("/dev/null"));

  const fs::path fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_one_line_error(run({"show", kStart, "--svg", fifo.string()}), "a pipe with no reader");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

// A damaged collection never exports as fewer puzzles (a good export it would replace is kept),
// a collection's text that is not UTF-8 or a missing schema is bad input, and exporting from a
// foreign SQLite file adds no table to it (issue 18, 3). The damaged files are made with
// python3's sqlite3 module, as another tool would.
TEST(CLI_Puzzles, DamagedOrForeignCollectionsAreRefusedAndNeverChanged) {
  namespace fs = std::filesystem;
  const fs::path dir = temp_dir() / "damaged";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string db = (dir / "puzzles.db").string(), out = (dir / "puzzles.json").string();
  ASSERT_EQ(run({"puzzles", "generate", "--count", "30", "--n", "2", "--seed", "4", "--db", db}).code, kOk);
  ASSERT_EQ(run({"puzzles", "export", "--db", db, "--json", out}).code, kOk);
  const std::string good = read(out);
  auto python = [](const std::string& script) { return std::system(("python3 -c \"" + script + "\"").c_str()); };
  // The head of a leaf page of the puzzles table overwritten (page 7 of 8: the table's root is
  // page 4, its leaves follow the index): SQLite reports the damage at the step that meets it.
  const fs::path broken = dir / "broken.db";
  fs::copy_file(db, broken);
  ASSERT_EQ(fs::file_size(broken), 8u * 4096);
  {
    std::fstream f(broken, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(std::streamoff(6 * 4096));
    const std::string junk(64, '\xA7');
    f.write(junk.data(), std::streamsize(junk.size()));
  }
  CliRun r = run({"puzzles", "export", "--db", broken.string(), "--json", out});
  EXPECT_EQ(r.code, kBadInput) << r.out << r.err;
  EXPECT_EQ(read(out), good);
  // Text that is not UTF-8, and a NULL schema.
  const fs::path latin = dir / "latin.db", nulled = dir / "nulled.db";
  fs::copy_file(db, latin);
  fs::copy_file(db, nulled);
  ASSERT_EQ(python("import sqlite3; c = sqlite3.connect('" + latin.string() +
                   "'); c.execute('UPDATE puzzles SET source = CAST(X\\'E9\\' AS TEXT) WHERE id = 1'); c.commit()"),
            0);
  ASSERT_EQ(python("import sqlite3; c = sqlite3.connect('" + nulled.string() + "'); c.execute('UPDATE meta SET value = NULL'); c.commit()"), 0);
  expect_one_line_error(run({"puzzles", "export", "--db", latin.string(), "--json", out}), "is not UTF-8 text");
  expect_one_line_error(run({"puzzles", "export", "--db", nulled.string(), "--json", out}), "another schema version");
  EXPECT_EQ(read(out), good);
  // A foreign SQLite file: refused, and left as it was.
  const fs::path foreign = dir / "foreign.db";
  ASSERT_EQ(python("import sqlite3; c = sqlite3.connect('" + foreign.string() + "'); c.execute('CREATE TABLE notes(x)'); c.commit()"), 0);
  const std::string before = read(foreign.string());
  expect_one_line_error(run({"puzzles", "export", "--db", foreign.string(), "--json", out}), "is not a puzzle collection");
  EXPECT_EQ(read(foreign.string()), before);
  // Issue 27, 2: adding a puzzle to another program's database adds no table to it, whether or
  // not its own tables clash with ours.
  const std::string kfen = "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O";
  expect_one_line_error(run({"puzzles", "solve", kfen, "--add", foreign.string()}), "is another program's database (tables: notes)");
  EXPECT_EQ(read(foreign.string()), before);
  const fs::path clash = dir / "clash.db";
  ASSERT_EQ(python("import sqlite3; c = sqlite3.connect('" + clash.string() + "'); c.execute('CREATE TABLE puzzles(x)'); c.commit()"), 0);
  const std::string clash_before = read(clash.string());
  expect_one_line_error(run({"puzzles", "solve", kfen, "--add", clash.string()}), "is another program's database (tables: puzzles)");
  EXPECT_EQ(read(clash.string()), clash_before);
}

// An endless input is refused at its first bad byte, not read whole (issue 18, 4).
TEST(Cli, EndlessInputsAreRefusedAtOnce) {
  // A device is refused before it is opened (issue 44: a pipe would block the open).
  expect_one_line_error(run({"check-proof", "/dev/zero"}), "not a regular file (a device or socket)");
  expect_one_line_error(run({"retro", "stats", "/dev/zero"}), "not a regular file");
}

// Numbers that do not mean what they say are refused, not wrapped or read as "no limit"; a JSON
// field of the wrong type is bad input (issue 18, 8 and 9).
TEST(Cli, NumbersOutOfTheirRangeAndFieldsOfTheWrongTypeAreBadInput) {
  expect_one_line_error(run({"solve", kStart, "--time", "nan"}), "not a number of seconds");
  expect_one_line_error(run({"solve", kStart, "--time", "inf"}), "not a number of seconds");
  expect_one_line_error(run({"conform", "--engine", "true", "--timeout", "nan"}), "not a number of seconds");
  // A position to walk from with a walk of depth 0 would be dropped in silence.
  expect_one_line_error(run({"conform", "--engine", "true", "--kfen", kStart, "--depth", "0"}), "--kfen is walked from to --depth, which is 0");
  expect_one_line_error(run({"play", "--seed", "18446744073709551616"}), "a seed is a whole number from 0 to 18446744073709551615");
  EXPECT_EQ(run({"play", "--seed", "18446744073709551615"}).code, kOk);
  const std::string suite = (temp_dir() / "wrapping-suite.json").string();
  auto write = [](const std::string& path, const std::string& text) { std::ofstream(path) << text; };
  write(suite, R"({"format": "kamisado-solver-suite", "positions": [{"kfen": "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O",
      "kind": "single", "value": "win", "plies": 4294967299, "winner_moves": 2}]})");
  expect_one_line_error(run({"solve-bench", "--suite", suite}), "no whole number field \"plies\" from 0 to 1000");
  write(suite, R"({"format": 5, "positions": []})");
  expect_one_line_error(run({"solve-bench", "--suite", suite}), "not a kamisado solver suite");
  const std::string corpus = (temp_dir() / "typed-corpus.json").string();
  write(corpus, R"({"format": "kamisado-conformance", "version": "1", "cases": []})");
  expect_one_line_error(run({"conform", "--engine", "true", "--corpus", corpus}), "unsupported corpus version");
  const std::string checkpoint = (temp_dir() / "wrapping.jsonl").string();
  write(
      checkpoint,
      R"({"seed": 1, "index": 4294967295, "kfen": "k", "mover": "black", "winner": "black", "proof_nodes": 1, "nodes": 1, "checked": true, "seconds": 0.1})"
      "\n");
  expect_one_line_error(run({"opening", "--regrouped", "2", "--seed", "1", "--checkpoint", checkpoint}), "an index of 10000000 or more");
}

// A proof asked for and not given is never a silent success; a table larger than the memory at
// hand is refused before it is allocated, saying what there is (issue 18, 8).
TEST(Cli, AnUnfinishedProofAndAnOversizedTableAreTold) {
  CliRun r = run({"solve", kStart, "--time", "0.001", "--proof", (temp_dir() / "never.proof").string()});
  EXPECT_EQ(r.code, kStopped) << r.out << r.err;
  EXPECT_NE(r.err.find("no proof written"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(temp_dir() / "never.proof"));
  expect_one_line_error(run({"solve", kStart, "--hash", "65536"}), "MB of memory is available");
}

// Issue 18, 10: one answer for a finished round, from every command that proves one; and play's
// record of a match from a later position names the Defender and numbers rounds from there.
TEST(Cli, AFinishedRoundHasOneAnswerAndPlayTellsALaterMatchRight) {
  const std::string over = "Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o";
  for (const std::vector<std::string>& cmd : {std::vector<std::string>{"solve", over}, {"puzzles", "solve", over}})
    expect_one_line_error(run(cmd), "the round is already over at this position (Black won it)");
  CliRun r = run({"play", "--kfen", "o1pk3n/8/8/8/KP2b+3/O2gry2/3Y4/NGR3B1 g * 3:0-1", "--moves", "fill-left"});
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("Gold, the Defender, chooses fill-left"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Black, the Defender"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Round 1 from the given position: Black moves first"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Match to 3 points, from the given position at 0-1"), std::string::npos) << r.out;
}

// Issue 27, 7: merging a run with shards still to prove is no census: exit 1, and one line says
// what is missing and how to go on; once run, the merge passes.
TEST(CLI_Census, MergeOfAnIncompleteRunFails) {
  const std::string dir = (temp_dir() / "census-incomplete").string();
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run({"census", "plan", dir, "--subspace", "range:233:235", "--shard-size", "1", "--hash", "4"}).code, kOk);
  CliRun merged = run({"census", "merge", dir});
  EXPECT_EQ(merged.code, kInternalError);
  EXPECT_NE(merged.out.find("(INCOMPLETE)"), std::string::npos) << merged.out;
  EXPECT_NE(merged.err.find("census merge: 2 of 2 shards are missing; run `kamisado census run " + dir + "`"), std::string::npos) << merged.err;
  ASSERT_EQ(run({"census", "run", dir}).code, kOk);
  EXPECT_EQ(run({"census", "merge", dir}).code, kOk);
}

// Issue 32, 3: census export gives every class of a run, as CSV or one JSON object, with the
// same counts as the merge; a shard not yet proved is left out and said so.
TEST(CLI_Census, ExportGivesEveryClassAsCsvOrJson) {
  const std::string dir = (temp_dir() / "census-export").string();
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run({"census", "plan", dir, "--subspace", "range:0:6", "--shard-size", "3", "--hash", "4"}).code, kOk);
  ASSERT_EQ(run({"census", "run", dir}).code, kOk);
  CliRun csv = run({"census", "export", dir});
  ASSERT_EQ(csv.code, kOk) << csv.err;
  std::istringstream lines(csv.out);
  std::vector<std::string> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(line);
  ASSERT_EQ(rows.size(), 7u) << csv.out;
  EXPECT_EQ(rows[0], "class,kfen,starts,winner,nodes,seconds,certificate");
  EXPECT_EQ(rows[1].rfind("0,", 0), 0u);
  EXPECT_NE(rows[1].find(",second-mover,"), std::string::npos) << rows[1];  // class 0: the second mover wins
  EXPECT_NE(rows[1].find("proofs/0.proof"), std::string::npos) << rows[1];
  auto merged = nlohmann::json::parse(run({"census", "merge", dir, "--json"}).out);
  auto json = nlohmann::json::parse(run({"census", "export", dir, "--json"}).out);
  ASSERT_EQ(json["classes"].size(), 6u);
  std::uint64_t starts = 0, second = 0;
  for (const auto& c : json["classes"]) starts += c["starts"].get<std::uint64_t>(), second += c["winner"] == "second-mover";
  EXPECT_EQ(starts, merged["starts"]);
  EXPECT_EQ(second, merged["second_mover_wins"].size());
  EXPECT_TRUE(json["complete"]);
  std::filesystem::remove(std::filesystem::path(dir) / "shard-1.bin");
  CliRun partial = run({"census", "export", dir, "--out", (temp_dir() / "census-export.csv").string()});
  ASSERT_EQ(partial.code, kOk);
  EXPECT_NE(partial.err.find("3 classes"), std::string::npos) << partial.err;
  EXPECT_NE(partial.err.find("1 shards not yet proved are left out"), std::string::npos) << partial.err;
}

// kamisado starts check: the set-up at 1-1 in a 2-point match is won by Black, who moves first
// (rules.md §7: Black wins the round from the set-up in 17 plies, and the round decides the
// match, P3). A table that says so agrees with the whole-match search; one that says otherwise
// is named start by start and exits 1. A census start (a single round) is not drawn.
TEST(CLI_Starts, CheckAgreesWithATrueTableAndNamesAForgedStart) {
  const kamisado::solver::RoundStart start = *kamisado::solver::round_start_of(kamisado::parse_kfen(kStart + " 2:1-1"));
  const kamisado::solver::RoundStart census = *kamisado::solver::round_start_of(kamisado::parse_kfen(kStart));
  for (const bool truth : {true, false}) {
    kamisado::solver::RoundStartTable table;
    table.add(kamisado::solver::key_of(start), {truth, std::nullopt, false, 1});
    table.add(kamisado::solver::key_of(census), {true, std::nullopt, false, 1});
    const std::string path = (temp_dir() / (truth ? "true.starts" : "forged.starts")).string();
    kamisado::solver::write_round_starts(table, path);
    const CliRun r = run({"starts", "check", path, "--score", "1-1", "--json"});
    EXPECT_EQ(r.code, truth ? kOk : kInternalError) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["eligible"], 1);
    EXPECT_EQ(j["agree"], truth ? 1 : 0);
    EXPECT_EQ(j["disagree"], truth ? 0 : 1);
    EXPECT_EQ(j["starts"][0]["search"], "win");
  }
  expect_one_line_error(run({"starts", "check", (temp_dir() / "true.starts").string(), "--score", "1:1"}), "--score: '1:1' is no score");
}
