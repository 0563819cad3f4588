// The census's space of round starts (solver/starts/start_space.h): F3 home rows in any order,
// counted up to the B3 symmetries, and its dense index.
#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "solver/census/census_export.h"
#include "solver/starts/round_start.h"
#include "solver/starts/start_space.h"
#include "src/kamisado/kfen.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

// Every start of an n-file space, by brute force: both rows in every order, either side first.
std::vector<Start> every_start(int n) {
  std::vector<int> p(n);
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::array<int, 8>> rows;
  do {
    std::array<int, 8> r{};
    std::copy(p.begin(), p.end(), r.begin());
    rows.push_back(r);
  } while (std::next_permutation(p.begin(), p.end()));
  std::vector<Start> all;
  for (const auto& b : rows)
    for (const auto& g : rows)
      for (Side first : {Side::Black, Side::Gold}) all.push_back({b, g, first});
  return all;
}

auto as_tuple(const Start& s) { return std::tuple(s.black, s.gold, s.first); }

// The orbit of a start under {id, turn, flip, turn·flip}, as its least member.
std::tuple<std::array<int, 8>, std::array<int, 8>, Side> orbit_of(const StartSpace& space, const Start& s) {
  return std::min({as_tuple(s), as_tuple(space.turned(s)), as_tuple(space.flipped(s)), as_tuple(space.turned(space.flipped(s)))});
}

}  // namespace

// B3 and F3 on boards of 1 to 5 files: Burnside's count equals the number of orbits found by
// brute force, and the index numbers the orbits 0, 1, … exactly: one number per orbit, every
// number used, and start_at gives back a member of the orbit, with Black first.
TEST(CensusSpace_B3, BurnsideCountAndIndexMatchBruteForceOnSmallBoards) {
  for (int n = 1; n <= 5; ++n) {
    StartSpace space(n);
    std::map<std::tuple<std::array<int, 8>, std::array<int, 8>, Side>, std::uint64_t> index_of_orbit;
    std::set<std::uint64_t> used;
    for (const Start& s : every_start(n)) {
      const std::uint64_t i = space.index_of(s);
      ASSERT_LT(i, space.classes()) << n << " files";
      auto [it, fresh] = index_of_orbit.emplace(orbit_of(space, s), i);
      ASSERT_EQ(it->second, i) << n << " files: two members of one orbit get different indices";
      if (fresh) {
        ASSERT_TRUE(used.insert(i).second) << n << " files: two orbits share index " << i;
      }
      const Start back = space.start_at(i);
      EXPECT_EQ(back.first, Side::Black);
      EXPECT_EQ(orbit_of(space, back), it->first) << n << " files: start_at(" << i << ") is outside its orbit";
      // place: the same index, and which of the start and its mirror image is start_at's.
      const Start black_first = s.first == Side::Black ? s : space.turned(s);
      const StartSpace::Placed at = space.place(black_first);
      ASSERT_EQ(at.index, i) << n << " files";
      ASSERT_EQ(at.as_given, black_first == back) << n << " files, index " << i;
      ASSERT_EQ(at.flipped, space.flipped(black_first) == back) << n << " files, index " << i;
    }
    EXPECT_EQ(index_of_orbit.size(), space.classes()) << n << " files";
    EXPECT_EQ(space.starts(), every_start(n).size()) << n << " files";
  }
}

// The real board: 8!·8!·2 starts, 384 flip-symmetric rows (4! colour pairs on the 4 file
// pairs, 2⁴ ways round), 812,924,928 classes; the B5 set-up's rows are both symmetric.
TEST(CensusSpace_B3, RealBoardCounts) {
  const StartSpace& space = start_space();
  EXPECT_EQ(space.starts(), 3'251'404'800u);
  EXPECT_EQ(space.symmetric_rows(), 384u);
  EXPECT_EQ(space.classes(), 812'924'928u);
  auto initial = start_of(Position::initial());
  ASSERT_TRUE(initial);
  EXPECT_EQ(space.flipped(*initial), *initial);
  EXPECT_EQ(space.index_of(*initial), space.index_of(space.flipped(*initial)));
}

// A seeded sample of the real board's indices round-trips, and starts related by the board's
// own symmetries (Position::rotated, Position::mirrored: not the space's) get the same index.
TEST(CensusSpace_B3, SampleRoundTripsAndSymmetricStartsShareAnIndex) {
  const StartSpace& space = start_space();
  std::mt19937_64 rng(20261130);
  for (int k = 0; k < 20000; ++k) {
    const std::uint64_t i = k < 4 ? std::array<std::uint64_t, 4>{0, 1, space.classes() - 2, space.classes() - 1}[k] : rng() % space.classes();
    const Start s = space.start_at(i);
    ASSERT_EQ(space.index_of(s), i);
    const StartSpace::Placed rep = space.place(s), mirror = space.place(space.flipped(s));
    ASSERT_TRUE(rep.as_given && mirror.flipped) << i;
    ASSERT_EQ(rep.flipped, space.flipped(s) == s) << i;
    ASSERT_EQ(mirror.as_given, space.flipped(s) == s) << i;
    // Position and back (F3 home rows), and the B3 symmetries applied by the rules library.
    const Position p = start_position(s);
    ASSERT_EQ(start_of(p), s) << to_kfen(p);
    for (const Position& q : {p.rotated(), p.mirrored(), p.rotated().mirrored()}) {
      auto t = start_of(q);
      ASSERT_TRUE(t) << to_kfen(q);
      EXPECT_EQ(space.index_of(*t), i) << to_kfen(p) << " and its symmetric " << to_kfen(q);
    }
  }
  EXPECT_THROW(space.start_at(space.classes()), std::out_of_range);
}

// Only a round start with every tower on its home row, plain, is a start.
TEST(CensusSpace_F3, PositionsThatAreNotStartsAreRefused) {
  EXPECT_TRUE(start_of(Position::initial()));
  EXPECT_FALSE(start_of(parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0")));  // a match
  EXPECT_FALSE(start_of(parse_kfen("obpkyrgn/8/8/8/8/8/1G6/N1RYKPBO g n")));      // a move made
  EXPECT_FALSE(start_of(parse_kfen("obpkyrgn/8/8/8/8/8/8/NG+RYKPBO b -")));       // a Sumo
}

// ---------------------------------------------------------------------------------------------
// Subspaces, shard files and runs (solver/census/).

#include <filesystem>
#include <fstream>

#include "app/present/census_report.h"
#include "solver/bench/opening.h"
#include "solver/census/census.h"
#include "solver/census/subspace_file.h"
#include "src/kamisado/errors.h"

namespace {

std::string census_dir(const std::string& name) {
  std::string dir = std::string(KAMISADO_TEST_TMP) + "/census-" + name;
  std::filesystem::remove_all(dir);
  return dir;
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void write_bytes(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// A shard's records without their times (which differ from run to run).
std::vector<ShardRecord> untimed(std::vector<ShardRecord> records) {
  for (auto& r : records) r.micros = 0;
  return records;
}

}  // namespace

// F3 with B5: Black's standard row against every Gold row, either side first, is 80,640 starts.
// With Black first, Gold's rows pair up by flip (20,352 classes); with Gold first, turned, it is
// Gold's standard row against every Black row (20,352 more); the one start in both is B5's own.
TEST(CensusSubspace_F3, BlackStandardAndSampleCountEveryStart) {
  Subspace s = make_subspace("black-standard");
  EXPECT_EQ(s.starts(), 80'640u);
  EXPECT_EQ(s.size(), 20'352u + 20'352u - 1u);
  EXPECT_TRUE(std::is_sorted(s.classes.begin(), s.classes.end()));
  EXPECT_EQ(make_subspace("sample:1000:7").starts(), 1000u);
  EXPECT_EQ(make_subspace("sample:1000:7").classes, make_subspace("sample:1000:7").classes);
  EXPECT_EQ(make_subspace("all").starts(), start_space().starts());
  EXPECT_EQ(make_subspace("range:5:9").size(), 4u);
  // regrouped:N:SEED: the very starts of `opening --regrouped N --seed SEED`, each in its class.
  const Subspace r = make_subspace("regrouped:50:3");
  EXPECT_EQ(r.starts(), 50u);
  for (const Position& p : regrouped_starts(50, 3))
    EXPECT_TRUE(std::binary_search(r.classes.begin(), r.classes.end(), std::uint32_t(start_space().index_of(*start_of(p))))) << to_kfen(p);
  for (const char* bad : {"alll", "range:9:5", "range:0:999999999999", "sample:0:1", "sample:x:1", "range:-1:4", "", "regrouped:0:1", "regrouped:5"})
    EXPECT_THROW(make_subspace(bad), InputError) << bad;
}

// The shard file (shard.h FORMAT): it reads back what was written, and refuses a truncated or
// damaged file, a shard of another run or of another number, and a file that is not a shard.
TEST(CensusShard_Format, RoundTripsAndRefusesDamagedOrForeignFiles) {
  std::vector<ShardRecord> records = {{7, false, true, 120, 3000, 4567}, {9, true, true, 99999, 4'000'000'000u, 1ull << 40}};
  const std::string bytes = encode_shard(0x1234, 5, records);
  EXPECT_EQ(bytes.size(), 24u + 2 * 24u + 8u);
  EXPECT_EQ(decode_shard(bytes, "s", 0x1234, 5), records);
  EXPECT_THROW(decode_shard(bytes.substr(0, bytes.size() - 1), "s", 0x1234, 5), InputError);
  std::string flipped = bytes;
  flipped[30] ^= 1;
  EXPECT_THROW(decode_shard(flipped, "s", 0x1234, 5), InputError);
  EXPECT_THROW(decode_shard(bytes, "s", 0x1235, 5), InputError);
  EXPECT_THROW(decode_shard(bytes, "s", 0x1234, 6), InputError);
  EXPECT_THROW(decode_shard("{\"format\": 1}", "s", 0x1234, 5), InputError);
  EXPECT_THROW(decode_shard("", "s", 0x1234, 5), InputError);
}

// T1 from every start of a slice of the census: one thread or two, or stopped with shards
// missing and run again, the run ends with the same shards (all but their times); the merge
// checks each shard's coverage, and a damaged shard or another plan in the folder is refused.
TEST(CensusRun_T1, ThreadsAndResumedRunsEndWithTheSameShards) {
  CensusPlan plan;
  plan.subspace = "range:233:249";  // 16 quick starts
  plan.shard_size = 4;
  plan.hash_mb = 4;
  const std::string one = census_dir("one"), two = census_dir("two");
  Census a = plan_census(one, plan), b = plan_census(two, plan);
  EXPECT_EQ(a.shards, 4u);
  CensusRunOptions o;
  run_census(one, o);
  o.threads = 2;
  run_census(two, o);
  for (std::uint32_t k = 0; k < a.shards; ++k)
    EXPECT_EQ(untimed(read_shard(a.shard_path(k), a.run, k)), untimed(read_shard(b.shard_path(k), b.run, k))) << "shard " << k;
  // As if killed before shards 1 and 3 were written: the next run proves only those.
  const std::string kept = bytes_of(a.shard_path(0));
  std::filesystem::remove(a.shard_path(1));
  std::filesystem::remove(a.shard_path(3));
  CensusRunStats again = run_census(one, {});
  EXPECT_EQ(again.already_done, 2u);
  EXPECT_EQ(again.proved, 2u);
  EXPECT_EQ(bytes_of(a.shard_path(0)), kept);
  for (std::uint32_t k = 0; k < a.shards; ++k)
    EXPECT_EQ(untimed(read_shard(a.shard_path(k), a.run, k)), untimed(read_shard(b.shard_path(k), b.run, k))) << "shard " << k;
  CensusMerged m = merge_census(one), n = merge_census(two);
  EXPECT_TRUE(m.complete() && m.sound());
  EXPECT_EQ(m.classes, 16u);
  EXPECT_EQ(m.first_mover_starts, n.first_mover_starts);
  EXPECT_EQ(m.nodes, n.nodes);
  EXPECT_GE(m.rechecked_first, 1u);
  EXPECT_EQ(m.sessions, 2u);  // runs.jsonl: the first run and the resumed one
  // By default only the second mover's wins get a tree during the run (census.h); with trees
  // "all" every start's is built and checked, and the winners are the same.
  CensusPlan all = plan;
  all.trees_for_all = true;
  const std::string every = census_dir("every");
  Census e = plan_census(every, all);
  EXPECT_NE(e.run, a.run);
  run_census(every, {});
  for (std::uint32_t k = 0; k < a.shards; ++k) {
    const auto lean = read_shard(a.shard_path(k), a.run, k), full = read_shard(e.shard_path(k), e.run, k);
    ASSERT_EQ(lean.size(), full.size());
    for (std::size_t j = 0; j < lean.size(); ++j) {
      EXPECT_EQ(lean[j].second_mover_wins, full[j].second_mover_wins);
      EXPECT_EQ(lean[j].checked, lean[j].second_mover_wins);
      EXPECT_TRUE(full[j].checked);
      EXPECT_GT(full[j].proof, 0u);
    }
  }
  EXPECT_TRUE(merge_census(every).sound());
  // Planning again is harmless; another plan in the folder is refused.
  EXPECT_EQ(plan_census(one, plan).run, a.run);
  CensusPlan other = plan;
  other.shard_size = 8;
  EXPECT_THROW(plan_census(one, other), InputError);
  // A damaged shard: one line naming it, from the run and from the merge; the others stay.
  std::string damaged = bytes_of(a.shard_path(2));
  damaged[40] ^= 4;
  write_bytes(a.shard_path(2), damaged);
  EXPECT_THROW(run_census(one, {}), InputError);
  EXPECT_THROW(merge_census(one), InputError);
  EXPECT_EQ(bytes_of(a.shard_path(0)), kept);
  // A shard of another run, copied in, is refused too.
  write_bytes(a.shard_path(2), encode_shard(a.run + 1, 2, read_shard(b.shard_path(2), b.run, 2)));
  EXPECT_THROW(merge_census(one), InputError);
}

// A start the second mover wins keeps its certificate; the merge checks it from the file, and a
// damaged certificate makes the merge unsound.
TEST(CensusRun_T1, SecondMoverWinsKeepACheckedCertificate) {
  CensusPlan plan;
  plan.subspace = "range:0:1";  // a class the second mover wins
  plan.hash_mb = 16;
  const std::string dir = census_dir("second");
  Census c = plan_census(dir, plan);
  run_census(dir, {});
  CensusMerged m = merge_census(dir);
  ASSERT_EQ(m.second_mover_wins.size(), 1u);
  EXPECT_TRUE(m.second_mover_wins[0].proof_checked);
  EXPECT_TRUE(m.sound());
  EXPECT_EQ(m.first_mover_starts, 0u);
  // Issue 27, 5: the search's nodes are kept, not replaced by the certify call's (a table probe).
  const auto records = read_shard(c.shard_path(0), c.run, 0);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_GT(records[0].nodes, 100u);
  EXPECT_EQ(m.nodes, records[0].nodes);
  // Issue 27, 7: a shard forged (with a valid checksum) to give the start to the first mover
  // leaves a proof file that no shard claims: the merge says so and is unsound.
  const std::string shard = bytes_of(c.shard_path(0));
  auto forged = records;
  forged[0].second_mover_wins = false;
  write_bytes(c.shard_path(0), encode_shard(c.run, 0, forged));
  CensusMerged flipped = merge_census(dir);
  EXPECT_TRUE(flipped.second_mover_wins.empty());
  ASSERT_EQ(flipped.unclaimed_proofs.size(), 1u);
  EXPECT_EQ(flipped.unclaimed_proofs[0], c.proof_path(0));
  EXPECT_FALSE(flipped.sound());
  write_bytes(c.shard_path(0), shard);
  const std::string proof = c.proof_path(0);
  write_bytes(proof, bytes_of(proof).substr(0, bytes_of(proof).size() / 2));
  CensusMerged damaged = merge_census(dir);
  EXPECT_FALSE(damaged.second_mover_wins[0].proof_checked);
  EXPECT_FALSE(damaged.sound());
}

// Issue 29: a census run seeds the round-start table, one key and one start format for both: a
// class's entry is under its index, its value who wins the round, and the start's own key is
// that index.
TEST(CensusRun_T1, ARunSeedsTheRoundStartTable) {
  CensusPlan plan;
  plan.subspace = "range:0:3";
  plan.hash_mb = 16;
  const std::string dir = census_dir("seed");
  Census c = plan_census(dir, plan);
  run_census(dir, {});
  CensusExported counted;
  const RoundStartTable table = census_round_starts(dir, counted);
  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(counted.missing_shards, 0u);
  const auto records = read_shard(c.shard_path(0), c.run, 0);
  for (const ShardRecord& r : records) {
    const auto start = round_start_of(start_at_class(r.index));
    ASSERT_TRUE(start);
    const auto value = table.find(*start);
    ASSERT_TRUE(value) << r.index;
    EXPECT_EQ(value->first_mover_wins, !r.second_mover_wins);
  }
  const std::string out = dir + "/seed.rst";
  write_round_starts(table, out);
  EXPECT_EQ(read_round_starts(out).entries(), table.entries());
  write_round_starts(table, out);  // its own file: written again
  write_bytes(dir + "/notes.txt", "mine");
  EXPECT_THROW(write_round_starts(table, dir + "/notes.txt"), InputError);
  EXPECT_EQ(bytes_of(dir + "/notes.txt"), "mine");
}

// The features of census.md's hypotheses (features.h) belong to a start's class: turn and flip
// (B3) leave each unchanged. B5's start has every tower on its own colour's square, and no file
// where equal colours face each other.
TEST(CensusFeatures_B3, AreTheSameOnEveryStartOfAClass) {
  const StartSpace& space = start_space();
  const StartFeatures b5 = features_of(*start_of(Position::initial()));
  EXPECT_EQ(b5.same_colour_files, 0);
  EXPECT_EQ(b5.first_own_squares, 8);
  EXPECT_EQ(b5.second_own_squares, 8);
  std::mt19937_64 rng(11);
  int with_quick_losses = 0;
  for (int i = 0; i < 200; ++i) {
    const Start s = space.start_at(rng() % space.classes());
    const StartFeatures f = features_of(s);
    for (const Start& t : {space.turned(s), space.flipped(s), space.turned(space.flipped(s))}) {
      const StartFeatures g = features_of(t);
      EXPECT_EQ(f.same_colour_files, g.same_colour_files);
      EXPECT_EQ(f.same_colour_on, g.same_colour_on);
      EXPECT_EQ(f.first_own_squares, g.first_own_squares);
      EXPECT_EQ(f.second_own_squares, g.second_own_squares);
      EXPECT_EQ(f.quick_losses, g.quick_losses);
    }
    EXPECT_EQ(f.same_colour_on[0] + f.same_colour_on[1] + f.same_colour_on[2] + f.same_colour_on[3], f.same_colour_files);
    with_quick_losses += f.quick_losses > 0;
  }
  EXPECT_GT(with_quick_losses, 0);  // the feature is not constant
}

// The chi-squared test, on counts worked by hand: 200 classes, 40 second-mover wins, 10 of
// them among the 100 of value 0 and 30 among the 100 of value 1: chi-squared 12.5 on 1 degree
// of freedom, p = 4.07e-4. A constant feature has nothing to test.
TEST(CensusFeatures_Test, ChiSquaredOfAWorkedExample) {
  FeatureSample s;
  for (int i = 0; i < 200; ++i) {
    StartFeatures f;
    f.same_colour_files = i < 100 ? 0 : 1;
    s.features.push_back(f);
    s.second_mover_wins.push_back(i < 100 ? i < 10 : i < 130);
  }
  const FeatureTest t = test_features(s)[0];
  ASSERT_EQ(t.name, "same_colour_files");
  ASSERT_EQ(t.bins.size(), 2u);
  EXPECT_EQ(t.bins[0].second_mover_wins, 10u);
  EXPECT_EQ(t.bins[1].second_mover_wins, 30u);
  EXPECT_EQ(t.degrees, 1);
  EXPECT_NEAR(t.chi_squared, 12.5, 1e-9);
  EXPECT_NEAR(t.p_value, 4.07e-4, 1e-5);
  EXPECT_EQ(t.win_low, 0);
  EXPECT_EQ(t.win_high, 1);
  const auto tests = test_features(s);
  const auto constant = std::find_if(tests.begin(), tests.end(), [](const FeatureTest& x) { return x.name == "quick_losses"; });
  ASSERT_NE(constant, tests.end());  // 0 on every class here
  EXPECT_EQ(constant->degrees, 0);
  EXPECT_EQ(constant->p_value, 1);
}

// reports/census.md from runs: the regrouped run beside the checkpoint of `opening --regrouped`
// on the same starts, the speed-up of one subspace run on 1 worker and on 2, and the
// projection from a uniform sample; a checkpoint that shares no start with any run is refused.
TEST(CensusReport_T1, SetsRunsSideBySideAndProjects) {
  CensusPlan plan;
  plan.hash_mb = 4;
  plan.subspace = "regrouped:12:1";
  const std::string regrouped = census_dir("report-regrouped");
  plan_census(regrouped, plan);
  run_census(regrouped, {});
  plan.subspace = "sample:12:5";
  const std::string one = census_dir("report-one"), two = census_dir("report-two");
  plan_census(one, plan), plan_census(two, plan);
  run_census(one, {});
  CensusRunOptions threads;
  threads.threads = 2;
  run_census(two, threads);
  RegroupedOptions o;
  o.count = 12, o.seed = 1, o.hash_mb = 4;
  o.checkpoint = census_dir("report-opening") + ".jsonl";
  std::filesystem::remove(o.checkpoint);
  prove_regrouped(o);
  std::vector<CensusMerged> runs = {merge_census(regrouped), merge_census(one), merge_census(two)};
  present::CensusReportOptions r;
  r.dirs = {regrouped, one, two};
  r.report_path = census_dir("report") + ".md";
  r.compare_regrouped = o.checkpoint;
  const std::string md = present::census_report(runs, r);
  EXPECT_NE(md.find("## Side by side with `opening --regrouped`"), std::string::npos);
  EXPECT_NE(md.find("The same 12 starts"), std::string::npos);
  EXPECT_NE(md.find("on 1 worker and on 2 (1 runs of each"), std::string::npos);
  // The second run of sample:12:5 (a repeat, the same counts) is folded into the throughput
  // table: one section for the subspace, two rows (issue 32, 3).
  const auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = md.find(what); at != std::string::npos; at = md.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("## `sample:12:5`"), 1u);
  EXPECT_EQ(count("| `sample:12:5` |"), 2u);
  EXPECT_NE(md.find("## The whole census, projected"), std::string::npos);
  EXPECT_NE(md.find("| 10000 |"), std::string::npos);
  EXPECT_NE(md.find("(95% interval"), std::string::npos);  // the sample's share is an estimate
  const auto [low, high] = runs[1].first_mover_interval();
  EXPECT_LE(low, runs[1].first_mover_share());
  EXPECT_GE(high, runs[1].first_mover_share());
  EXPECT_LT(high - low, 1.0);
  // Without the regrouped run the checkpoint has nothing to stand beside.
  EXPECT_THROW(present::census_report({runs[1]}, r), InputError);
  // `census report`: the runs merged and the report written where the options say.
  present::CensusReportOptions w;
  w.dirs = {one};
  w.report_path = census_dir("report-written") + ".md";
  std::filesystem::remove(w.report_path);
  EXPECT_EQ(present::write_census_report(w).size(), 1u);
  EXPECT_NE(bytes_of(w.report_path).find("`sample:12:5`"), std::string::npos);
}

// Issue 27, 4 and 7: one run at a time proves a census folder (a second is refused in one line
// while the first holds it), and a run removes the temporaries a killed run left.
TEST(CensusRun_T1, ASecondRunIsRefusedAndAKilledRunsLeftoversAreRemoved) {
  CensusPlan plan;
  plan.subspace = "range:233:235";
  plan.shard_size = 1;
  plan.hash_mb = 4;
  const std::string dir = census_dir("locked");
  Census c = plan_census(dir, plan);
  {
    const io::RunLock first = lock_census_run(c);
    try {
      run_census(dir, {});
      ADD_FAILURE() << "a second run was let in";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("is in use by another run (kamisado census run, pid"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(c.shard_path(0)));
  }
  write_bytes(c.shard_path(0) + ".tmp-0123abcd", "half a shard");
  write_bytes(c.proof_path(233) + ".tmp-89abcdef", std::string(1000, 'p'));
  run_census(dir, {});
  EXPECT_FALSE(std::filesystem::exists(c.shard_path(0) + ".tmp-0123abcd"));
  EXPECT_FALSE(std::filesystem::exists(c.proof_path(233) + ".tmp-89abcdef"));
  EXPECT_TRUE(merge_census(dir).complete());
}

// Issue 27, 6: a sample's classes are drawn, sorted and counted in place; the list equals the
// one counted start by start in a map, as it was before.
TEST(CensusSubspace_F3, ASampleIsCountedAsStartByStart) {
  const Subspace s = make_subspace("sample:200000:5");
  std::mt19937_64 rng(5);
  std::map<std::uint32_t, std::uint32_t> counted;
  for (int k = 0; k < 200000; ++k) {
    Start start;
    for (auto* row : {&start.black, &start.gold}) {
      std::iota(row->begin(), row->end(), 0);
      std::shuffle(row->begin(), row->end(), rng);
    }
    start.first = rng() & 1 ? Side::Gold : Side::Black;
    ++counted[std::uint32_t(start_space().index_of(start))];
  }
  ASSERT_EQ(s.classes.size(), counted.size());
  std::size_t i = 0;
  for (const auto& [c, n] : counted) {
    ASSERT_EQ(s.classes[i], c);
    ASSERT_EQ(s.weights[i], n);
    ++i;
  }
  EXPECT_EQ(s.starts(), 200000u);
}

// Issue 27, 6: a listed subspace is drawn once, by the plan, and kept in the folder
// (subspace_file.h): read back it is the same list; a damaged or foreign file is refused.
TEST(CensusSubspace_F3, TheListIsKeptInTheFolderAndDamageIsRefused) {
  const Subspace s = make_subspace("sample:5000:3");
  const std::string bytes = encode_subspace(s);
  const Subspace back = decode_subspace(bytes, "f", "sample:5000:3");
  EXPECT_EQ(back.classes, s.classes);
  EXPECT_EQ(back.weights, s.weights);
  EXPECT_LT(bytes.size(), 5 * s.classes.size() + 60);  // varints: under the 8 bytes of two raw words
  EXPECT_THROW(decode_subspace(bytes, "f", "sample:5000:4"), InputError);
  EXPECT_THROW(decode_subspace(bytes.substr(0, bytes.size() - 3), "f", "sample:5000:3"), InputError);
  for (std::size_t at : {std::size_t(40), bytes.size() / 2, bytes.size() - 1}) {
    std::string flipped = bytes;
    flipped[at] ^= 1;
    EXPECT_THROW(decode_subspace(flipped, "f", "sample:5000:3"), InputError) << at;
  }
  CensusPlan plan;
  plan.subspace = "sample:40:2";
  plan.hash_mb = 4;
  const std::string dir = census_dir("listed");
  const Census planned = plan_census(dir, plan);
  const std::string file = (std::filesystem::path(dir) / "subspace.bin").string();
  ASSERT_TRUE(std::filesystem::exists(file));
  EXPECT_EQ(open_census(dir).space.classes, planned.space.classes);
  std::string damaged = bytes_of(file);
  damaged[damaged.size() / 2] ^= 4;
  write_bytes(file, damaged);
  EXPECT_THROW(open_census(dir), InputError);
}
