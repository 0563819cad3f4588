// Round starts and their table (issue 29): the key names exactly the class of a start under the
// board's symmetries (B3) with ranks and scores carried along; a census start is a round start
// of a single round with the census's index as its key (F3); the table's file is refused when
// damaged, and workers' files that disagree are not merged.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "solver/match/match_suite.h"
#include "solver/match/round_start_oracle.h"
#include "solver/search/solve.h"
#include "solver/starts/round_start.h"
#include "solver/starts/round_start_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

RoundStart random_start(std::mt19937_64& rng, bool plain = false) {
  RoundStart s;
  std::array<int, 8> cols;
  std::iota(cols.begin(), cols.end(), 0);
  std::shuffle(cols.begin(), cols.end(), rng);
  s.rows.black = cols;
  std::shuffle(cols.begin(), cols.end(), rng);
  s.rows.gold = cols;
  s.rows.first = rng() % 2 ? Side::Black : Side::Gold;
  if (plain) return s;
  for (auto& side : s.ranks)
    for (auto& r : side) r = std::uint8_t(rng() % 4 == 0 ? rng() % 5 : 0);
  s.match.target = std::uint32_t(1 + rng() % 15);
  s.match.points = {std::uint32_t(rng() % s.match.target), std::uint32_t(rng() % s.match.target)};
  return s;
}

std::set<RoundStartKey> orbit_keys(const RoundStart& s) { return {key_of(s), key_of(turned(s)), key_of(flipped(s)), key_of(turned(flipped(s)))}; }

}  // namespace

TEST(RoundStart_B3, TheFourImagesOfAStartShareItsKey) {
  std::mt19937_64 rng(29);
  for (int i = 0; i < 3000; ++i) {
    const RoundStart s = random_start(rng);
    EXPECT_EQ(orbit_keys(s).size(), 1u);
    EXPECT_EQ(turned(turned(s)), s);
    EXPECT_EQ(flipped(flipped(s)), s);
  }
}

// A key names its class's representative (B3): decoded, it is one of the start's four images,
// and encodes to the same key; a key that no start has is refused in one line.
TEST(RoundStart_B3, AKeyDecodesToAStartOfItsClass) {
  std::mt19937_64 rng(43);
  for (int i = 0; i < 3000; ++i) {
    const RoundStart s = random_start(rng, i % 10 == 0);
    const RoundStart r = round_start_of_key(key_of(s));
    EXPECT_EQ(key_of(r), key_of(s));
    EXPECT_EQ(r.rows.first, Side::Black);
    const std::set<RoundStartKey> images = orbit_keys(s);
    EXPECT_TRUE(r == s || r == turned(s) || r == flipped(s) || r == turned(flipped(s)));
    EXPECT_TRUE(images.count(key_of(r)));
  }
  const RoundStartKey k = key_of(random_start(rng));
  EXPECT_THROW(round_start_of_key({start_space().classes(), k.lo}), InputError);  // no such class
  EXPECT_THROW(round_start_of_key({k.hi, k.lo | std::uint64_t(7)}), InputError);  // a rank of 7
  EXPECT_THROW(round_start_of_key({k.hi, (k.lo & ~(std::uint64_t(15) << 48)) | std::uint64_t(1) << 48 | std::uint64_t(3) << 52}),
               InputError);  // 3 points of a 1-point match
}

// Different classes get different keys: among starts that share rows, the ranks of one are the
// mirror image of the other's only when they are the same class.
TEST(RoundStart_B3, StartsOfDifferentClassesGetDifferentKeys) {
  std::mt19937_64 rng(30);
  std::map<RoundStartKey, RoundStart> seen;
  for (int i = 0; i < 20000; ++i) {
    RoundStart s = random_start(rng);
    if (i % 2) {  // the same rows as a start seen before, with other ranks: a near miss
      auto it = seen.lower_bound({rng(), rng()});
      if (it == seen.end()) it = seen.begin();
      if (it != seen.end()) s.rows = it->second.rows, s.match = it->second.match;
    }
    const RoundStartKey k = key_of(s);
    auto [it, added] = seen.emplace(k, s);
    if (!added) {
      const RoundStart& t = it->second;
      const bool same_class = t == s || t == turned(s) || t == flipped(s) || t == turned(flipped(s));
      EXPECT_TRUE(same_class) << "two classes share key " << k.hex() << ": " << to_kfen(round_start_position(s)) << " and "
                              << to_kfen(round_start_position(t));
    }
  }
  // The case a key that forgot the orientation would merge: one row pair, a tower's ring on
  // another colour, on rows that are not their own mirror image.
  RoundStart a;
  a.rows.black = {1, 0, 2, 3, 4, 5, 6, 7};
  a.rows.gold = {7, 6, 5, 4, 3, 2, 1, 0};
  ASSERT_NE(start_space().flipped(a.rows), a.rows);
  RoundStart b = a;
  a.ranks[0][0] = 1;  // Black's Brown tower, on b1
  b.ranks[0][7] = 1;  // Black's Orange tower, on h1: another class
  EXPECT_NE(key_of(a), key_of(b));
}

// A census start (start_space.h) is the round start of a single round, and its key is its index.
TEST(RoundStart_F3, ACensusStartIsARoundStartOfASingleRound) {
  const StartSpace& space = start_space();
  std::mt19937_64 rng(31);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t index = rng() % space.classes();
    const Position p = start_position(space.start_at(index));
    const auto s = round_start_of(p);
    ASSERT_TRUE(s);
    EXPECT_EQ(key_of(*s), (RoundStartKey{index, 0}));
    EXPECT_EQ(to_kfen(round_start_position(*s)), to_kfen(p));
    // Its mirror images name the same class.
    EXPECT_EQ(key_of(turned(*s)), (RoundStartKey{index, 0}));
  }
}

// A match position after the Defender's fill (F1–F3) is a round start, and back.
TEST(RoundStart_F3, AFillEndsInARoundStart) {
  const Position end = parse_kfen("o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0");
  for (const char* fill : {"fill-left", "fill-right"}) {
    const Position start = end.after(parse_move(end, fill));
    const auto s = round_start_of(start);
    ASSERT_TRUE(s) << fill;
    EXPECT_EQ(s->match.target, 3u);
    EXPECT_EQ(s->rows.first, Side::Gold);  // the loser moves first (F1)
    EXPECT_EQ(to_kfen(round_start_position(*s)), to_kfen(start));
    EXPECT_EQ(s->ranks[0][Orange], 1);  // the ring stays on its tower (P2, F3)
  }
  EXPECT_FALSE(round_start_of(end));
  EXPECT_FALSE(round_start_of(parse_kfen("obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g")));
}

TEST(RoundStartTable, TheFileRoundTripsAndDamageIsRefusedInOneLine) {
  std::mt19937_64 rng(32);
  RoundStartTable t;
  for (int i = 0; i < 500; ++i) {
    RoundStartValue v{rng() % 2 == 0, std::nullopt, rng() % 3 == 0, rng() % 100000};
    if (rng() % 2) v.plies = std::uint32_t(rng() % 200);
    t.add(key_of(random_start(rng)), v);
  }
  seed_from_census(t, 12345, true, 99);
  EXPECT_EQ(t.find(RoundStartKey{12345, 0})->first_mover_wins, false);
  const std::string bytes = encode_round_starts(t);
  const RoundStartTable back = decode_round_starts(bytes, "t");
  EXPECT_EQ(back.entries(), t.entries());

  auto refused = [](const std::string& b, const std::string& words) {
    try {
      decode_round_starts(b, "t.rst");
      ADD_FAILURE() << "accepted: " << words;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  };
  std::string flipped_byte = bytes;
  flipped_byte[100] ^= 1;
  refused(flipped_byte, "damaged (checksum)");
  refused(bytes.substr(0, bytes.size() - 5), "size does not match");
  refused("not a table at all, not at all", "not a round-start table");
  std::string v2 = bytes;
  v2[7] = 2;
  refused(v2, "version 2");
}

TEST(RoundStartTable, WorkersFilesMergeAndContradictionsAreRefused) {
  const auto dir = std::filesystem::path(KAMISADO_TEST_TMP) / "round_starts";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::mt19937_64 rng(33);
  const RoundStart a = random_start(rng), b = random_start(rng);
  RoundStartTable one, two, liar;
  one.add(key_of(a), {true, std::nullopt, false, 10});
  two.add(key_of(turned(a)), {true, 17u, true, 20});  // the same class, from another worker, with its distance
  two.add(key_of(b), {false, 9u, false, 5});
  liar.add(key_of(flipped(a)), {false, std::nullopt, false, 1});
  write_round_starts(one, (dir / "1.rst").string());
  write_round_starts(two, (dir / "2.rst").string());
  write_round_starts(liar, (dir / "3.rst").string());
  const RoundStartTable merged = merge_round_start_files({(dir / "1.rst").string(), (dir / "2.rst").string()});
  ASSERT_EQ(merged.size(), 2u);
  EXPECT_EQ(merged.find(a)->plies, 17u);
  EXPECT_TRUE(merged.find(a)->certificate);
  EXPECT_FALSE(merged.find(b)->first_mover_wins);
  try {
    merge_round_start_files({(dir / "1.rst").string(), (dir / "3.rst").string()});
    ADD_FAILURE() << "merged files that disagree";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("3.rst"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("proved both ways"), std::string::npos) << e.what();
  }
}

// Issue 68: a run on the job tree keeps its table FILE in shards beside it, FILE.shard-R-of-N; a
// reader of FILE reads them too, of any number of ranks, and no temporary or lock passes for one.
TEST(RoundStartTable, AReaderTakesTheFileAndEveryShardBesideIt) {
  const auto dir = std::filesystem::path(KAMISADO_TEST_TMP) / "round_start_shards";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string table = (dir / "run.starts").string();
  EXPECT_FALSE(round_start_table_exists(table));
  std::mt19937_64 rng(68);
  const RoundStart a = random_start(rng), b = random_start(rng), c = random_start(rng);
  RoundStartTable file, shard1, shard2, liar;
  file.add(key_of(a), {true, std::nullopt, false, 0});
  shard1.add(key_of(b), {false, std::nullopt, false, 0});
  shard2.add(key_of(c), {true, std::nullopt, false, 0});
  shard2.add(key_of(turned(a)), {true, std::nullopt, false, 0});  // one start in two files, one value
  write_round_starts(shard1, round_start_shard(table, 1, 3));
  EXPECT_TRUE(round_start_table_exists(table));  // its shards alone are the table
  write_round_starts(file, table);
  write_round_starts(shard2, round_start_shard(table, 2, 4));  // an earlier run's, on another number of ranks
  for (const char* other : {".shard-3-of-4.tmp-0123abcd", ".shard-3-of-4.lock", ".shard-x-of-4", ".shard-3-of-4x"})
    std::ofstream(table + other) << "not a shard";
  EXPECT_EQ(round_start_shards(table), (std::vector<std::string>{round_start_shard(table, 1, 3), round_start_shard(table, 2, 4)}));
  const RoundStartTable all = read_round_starts_and_shards(table);
  EXPECT_EQ(all.size(), 3u);
  EXPECT_TRUE(all.find(a)->first_mover_wins);
  EXPECT_FALSE(all.find(b)->first_mover_wins);
  EXPECT_EQ(round_start_table_bytes(table), encode_round_starts(all));
  liar.add(key_of(c), {false, std::nullopt, false, 0});
  write_round_starts(liar, round_start_shard(table, 3, 3));
  try {
    read_round_starts_and_shards(table);
    ADD_FAILURE() << "read shards that disagree";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("shard-3-of-3"), std::string::npos) << e.what();
  }
}

// Issue 29: a match search that takes known round starts as leaves (match/round_start_oracle.h)
// gives the value of the whole-match search and of the independent minimax (the match suite),
// the starts it meets each proved once beforehand, as jobs of their own.
namespace {

// Says nothing, and keeps the round starts the search asked about: the jobs.
class StartsAsked final : public RoundStartOracle {
 public:
  std::optional<Side> match_winner(const Position& start) const override {
    if (round_start_of(start)) asked.insert(to_kfen(start));
    return std::nullopt;
  }
  mutable std::set<std::string> asked;
};

}  // namespace

TEST(RoundStartOracle_P3, KnownRoundStartsAsLeavesGiveTheMatchValues) {
  std::size_t checked = 0, crossing = 0, jobs = 0;
  std::uint64_t hits = 0, nodes_whole = 0, nodes_by_rounds = 0;
  for (const MatchCase& c : read_match_suite(KAMISADO_DATA "/match_suite.json")) {
    SolveLimits limits;
    limits.hash_mb = 4;
    const SolveResult whole = solve(c.pos, limits, false, Aim::match());
    ASSERT_NE(whole.value, Value::Unknown);
    StartsAsked asked;
    limits.round_starts = &asked;
    solve(c.pos, limits, false, Aim::match());
    if (asked.asked.size() > 30) continue;  // a test's budget
    RoundStartTable table;
    for (const std::string& k : asked.asked) {  // the jobs
      const Position start = parse_kfen(k);
      SolveLimits job;
      job.hash_mb = 4;
      const SolveResult r = solve(start, job, false, Aim::match());
      ASSERT_NE(r.value, Value::Unknown);
      table.add(key_of(*round_start_of(start)), {r.value == Value::Win, std::nullopt, false, r.nodes});
    }
    jobs += table.size();
    const TableOracle oracle(table);
    limits.round_starts = &oracle;
    const SolveResult by_rounds = solve(c.pos, limits, false, Aim::match());
    EXPECT_EQ(by_rounds.value, whole.value) << to_kfen(c.pos);
    EXPECT_EQ(winner(by_rounds, c.pos), c.winner) << to_kfen(c.pos);  // the minimax's
    hits += oracle.hits();
    crossing += !asked.asked.empty();
    nodes_whole += whole.nodes;
    nodes_by_rounds += by_rounds.nodes;
    ++checked;
  }
  EXPECT_GE(checked, 300u);
  EXPECT_GE(crossing, 20u);  // positions whose search meets a next round
  EXPECT_GT(hits, 0u);
  std::cout << checked << " match-suite positions, " << crossing << " meeting round starts (" << jobs << " starts proved as jobs, " << hits
            << " answered from the table); nodes " << nodes_whole << " whole, " << nodes_by_rounds << " by rounds\n";
  // Distances would count to a round start: such a search proves values only.
  SolveLimits limits;
  const TableOracle none(RoundStartTable{});
  limits.round_starts = &none;
  EXPECT_THROW(solve(parse_kfen(std::string(kStartKfen) + " 2:0-0"), limits, true, Aim::match()), std::invalid_argument);
}
