// A long search's checkpoint (solver/proof/checkpoint.h): a search stopped and resumed from its
// saved table ends with the uninterrupted search's value, distance, best move and certificate;
// a damaged, foreign or mis-sized checkpoint is refused with one line and leaves the table empty.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "solver/proof/certificate_files.h"
#include "solver/proof/certify.h"
#include "solver/proof/checkpoint.h"
#include "solver/search/goal.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {
const std::string kStartMatch = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 1:0-0";

std::filesystem::path temp_file(const std::string& name) {
  std::filesystem::path d = std::filesystem::path(KAMISADO_TEST_TMP) / "checkpoint";
  std::filesystem::create_directories(d);
  std::filesystem::remove(d / name);
  return d / name;
}

std::string bytes_of(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void write_bytes(const std::filesystem::path& p, const std::string& b) { std::ofstream(p, std::ios::binary) << b; }

Certified run(const std::string& kfen, const std::string& checkpoint, std::uint64_t nodes, std::size_t hash_mb = 16) {
  TranspositionTable table(hash_mb);
  CertifyOptions o;
  o.aim = Aim::match();
  o.limits.hash_mb = hash_mb;
  o.limits.nodes = nodes;
  o.checkpoint = checkpoint;
  o.files = &disk_files();
  o.check = true;
  return certify(parse_kfen(kfen), table, o);
}

void expect_same(const Certified& a, const Certified& b) {
  EXPECT_EQ(a.result.value, b.result.value);
  EXPECT_EQ(a.result.plies, b.result.plies);
  EXPECT_EQ(a.result.winner_moves, b.result.winner_moves);
  ASSERT_TRUE(a.result.best && b.result.best);
  EXPECT_EQ(*a.result.best, *b.result.best);
  EXPECT_TRUE(a.checked() && b.checked());
}
}  // namespace

// P3 (the 1-point match from the set-up, B5): stopped twice by a node limit, saved each time,
// resumed each time from the file, the search ends as an uninterrupted one does.
TEST(Checkpoint_Resume, StoppedTwiceEndsAsTheUninterruptedSearch) {
  Certified whole = run(kStartMatch, "", 0);
  ASSERT_EQ(whole.result.value, Value::Win);
  auto path = temp_file("match-1.ckpt");
  Certified first = run(kStartMatch, path.string(), 150'000);
  ASSERT_FALSE(first.result.distance_known);
  EXPECT_EQ(first.checkpoint_saves, 1u);
  auto header = read_checkpoint_header(path.string());
  ASSERT_TRUE(header);
  EXPECT_EQ(header->goal, "match");
  EXPECT_GE(header->nodes, 150'000u);
  Certified second = run(kStartMatch, path.string(), 150'000);
  ASSERT_FALSE(second.result.distance_known);
  ASSERT_TRUE(second.resumed);
  EXPECT_EQ(read_checkpoint_header(path.string())->saves, 2u);
  EXPECT_EQ(read_checkpoint_header(path.string())->nodes, header->nodes + second.result.nodes);
  // The search's growth, one line a save: nodes of all runs, oldest first.
  auto history = read_checkpoint_header(path.string())->history;
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].nodes, header->nodes);
  EXPECT_LT(history[0].seconds, history[1].seconds);
  Certified last = run(kStartMatch, path.string(), 0);
  ASSERT_TRUE(last.resumed);
  expect_same(last, whole);
}

TEST(Checkpoint_File, RefusesDamagedForeignOrMisSizedFiles) {
  auto path = temp_file("small.ckpt");
  ASSERT_FALSE(run(kStartMatch, path.string(), 40'000, 2).result.distance_known);
  const std::string good = bytes_of(path);
  const std::string kfen = to_kfen(parse_kfen(kStartMatch));
  auto refused = [&](const std::string& bytes, std::size_t hash_mb, const std::string& root, const std::string& why) {
    auto bad = temp_file("bad.ckpt");
    write_bytes(bad, bytes);
    TranspositionTable table(hash_mb);
    try {
      load_checkpoint(bad.string(), table, root, "match");
      ADD_FAILURE() << "accepted: " << why;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << why << ": " << e.what();
    }
    // Nothing read is kept: the table is as new.
    EXPECT_EQ(table.used(), 0u);
    TranspositionTable fresh(hash_mb);
    EXPECT_TRUE(std::equal(table.memory().begin(), table.memory().end(), fresh.memory().begin()));
  };
  {
    TranspositionTable table(2);
    CheckpointHeader h = load_checkpoint(path.string(), table, kfen, "match");
    EXPECT_GT(table.used(), 0u);
    EXPECT_EQ(h.used, table.used());
  }
  refused(good.substr(0, good.size() / 2), 2, kfen, "cut short");
  refused(good.substr(0, good.size() - 3), 2, kfen, "damaged");
  std::string flipped = good;
  flipped[flipped.size() - 100] ^= 0x20;
  refused(flipped, 2, kfen, "damaged");
  std::string edited = good;
  edited.replace(edited.find("\nnodes ") + 7, 1, "9");
  refused(edited, 2, kfen, "header was changed");
  refused(good + "x", 2, kfen, "bytes follow its end");
  refused(good, 2, "obpkyrgn/8/8/8/8/8/8/NGRYKPBO g - 1:0-0", "of another search");
  refused(good, 4, kfen, "resume it with a table of 2 MB");
  refused("a proof file\n", 2, kfen, "not a kamisado search checkpoint");
}
