// The proof search: its values agree with a plain memoized search, its exact distances with an
// independent alpha-beta and with a plain minimax, its best moves reach the distance, and it
// says "unknown" rather than guess when stopped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "app/present/solve_bench.h"
#include "solver/bench/suite.h"
#include "solver/search/alphabeta.h"
#include "solver/search/solve.h"
#include "src/kamisado/rules.h"
#include "tests/helpers.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {
// Does the side to move win? A plain depth-first search with a memo, no proof numbers; nullopt
// when it needs more than `budget` positions.
std::optional<bool> plain_wins(const Position& p, std::unordered_map<std::uint64_t, bool>& memo, std::uint64_t& budget) {
  if (auto w = round_winner(p)) return *w == p.side_to_move();
  if (auto it = memo.find(p.key()); it != memo.end()) return it->second;
  if (budget == 0) return std::nullopt;
  --budget;
  MoveList moves;
  generate_moves(p, moves);
  bool win = false;
  for (Move m : moves) {
    Position c = p.after(m);
    auto w = plain_wins(c, memo, budget);
    if (!w) return std::nullopt;
    if ((c.side_to_move() == p.side_to_move()) == *w) {
      win = true;
      break;
    }
  }
  memo[p.key()] = win;
  return win;
}

// The exact distance by a plain bounded AND/OR search, with a memo and no proof numbers: the
// least d for which `winner` wins within d, counted in plies or in his own moves.
struct Exact {
  Side winner;
  bool count_winner_moves;
  std::uint64_t budget;
  std::unordered_map<std::uint64_t, bool> memo;  // by key and d mixed
  std::optional<bool> within(const Position& p, int d) {
    if (auto w = round_winner(p)) return *w == winner;
    bool winner_moves = p.side_to_move() == winner;
    int cost = !count_winner_moves || winner_moves ? 1 : 0;
    if (d < cost) return false;
    const std::uint64_t at = p.key() ^ (std::uint64_t(d) * 0x9E3779B97F4A7C15ull);
    if (auto it = memo.find(at); it != memo.end()) return it->second;
    if (budget-- == 0) return std::nullopt;
    MoveList moves;
    generate_moves(p, moves);
    bool result = !winner_moves;  // OR at the winner's turns, AND at the loser's
    for (Move m : moves) {
      auto r = within(p.after(m), d - cost);
      if (!r) return std::nullopt;
      if (*r == winner_moves) {
        result = winner_moves;
        break;
      }
    }
    memo[at] = result;
    return result;
  }
  std::optional<int> distance(const Position& p) {
    for (int d = 0; d < 200; ++d) {
      auto r = within(p, d);
      if (!r) return std::nullopt;
      if (*r) return d;
    }
    return std::nullopt;
  }
};

std::vector<Position> positions_from_play(int count, bool matches) {
  std::vector<Position> out;
  for (std::uint32_t seed = 0; int(out.size()) < count && seed < 2000; ++seed) {
    Position start = matches ? parse_kfen("o++bpkyrgn/8/8/8/8/8/8/NGR+YKP+BO b - 7:3-3") : Position::initial();
    // Match positions later in the round, so that the plain minimax below can finish them.
    Position p = test::random_position(seed, matches ? 20 + int(seed % 40) : 10 + int(seed % 30), start);
    if (p.turn() == Turn::Designated && !round_winner(p)) out.push_back(p);
  }
  return out;
}
}  // namespace

TEST(Solver_DfPn, AgreesWithAPlainSearchOnPositionsFromPlay) {
  int compared = 0;
  for (std::uint32_t seed = 0; seed < 120 && compared < 40; ++seed) {
    Position start = seed % 3 == 0 ? parse_kfen(std::string(kStartKfen) + " 7:0-0") : Position::initial();
    Position p = test::random_position(seed, 8 + int(seed % 40), start);
    if (p.turn() != Turn::Designated) continue;
    std::unordered_map<std::uint64_t, bool> memo;
    std::uint64_t budget = 200000;
    auto plain = plain_wins(p, memo, budget);
    if (!plain) continue;
    SolveResult r = solve(p, {}, false);
    ASSERT_NE(r.value, Value::Unknown) << to_kfen(p);
    EXPECT_EQ(r.value == Value::Win, *plain) << to_kfen(p);
    ++compared;
  }
  EXPECT_GE(compared, 20);
}

// rules.md §2: distances are exact; M6 passes and S4 extra turns count as plies.
TEST(Solver_Distance, AgreesWithAlphaBetaAndPlainMinimax) {
  int compared = 0, with_sumo = 0;
  for (bool matches : {false, true})
    for (const Position& p : positions_from_play(matches ? 20 : 15, matches)) {
      SolveResult r = solve(p);
      ASSERT_TRUE(r.distance_known) << to_kfen(p);
      auto ab = alphabeta_solve(p, 300'000);
      if (!ab) continue;
      EXPECT_EQ(ab->win, r.value == Value::Win) << to_kfen(p);
      EXPECT_EQ(ab->plies, r.plies) << to_kfen(p);
      Side winner = r.value == Value::Win ? p.side_to_move() : ~p.side_to_move();
      Exact plies{winner, false, 100000, {}}, moves{winner, true, 100000, {}};
      if (auto d = plies.distance(p)) {
        EXPECT_EQ(*d, r.plies) << to_kfen(p);
      }
      if (auto d = moves.distance(p)) {
        EXPECT_EQ(*d, r.winner_moves) << to_kfen(p);
        with_sumo += has_sumo(p);
      }
      ++compared;
    }
  EXPECT_GE(compared, 25);
  EXPECT_GE(with_sumo, 5);  // the winner's moves searched for, not derived from the plies
}

TEST(Solver_Distance, TheBestMoveReachesTheDistance) {
  for (const Position& p : positions_from_play(12, false)) {
    SolveResult r = solve(p);
    ASSERT_TRUE(r.distance_known && r.best) << to_kfen(p);
    Position c = p.after(*r.best);
    SolveResult after = solve(c);
    bool same_side = c.side_to_move() == p.side_to_move();
    Side winner = r.value == Value::Win ? p.side_to_move() : ~p.side_to_move();
    if (round_winner(c)) {
      EXPECT_EQ(r.plies, 1) << to_kfen(p);
      EXPECT_EQ(*round_winner(c), winner) << to_kfen(p);
      continue;
    }
    EXPECT_EQ(after.value == Value::Win, (c.side_to_move() == winner)) << to_kfen(p);
    EXPECT_EQ(after.plies + 1, r.plies) << to_kfen(p) << (same_side ? " (after a push)" : "");
  }
}

TEST(Solver_DfPn, ImmediateWinAndFinishedRounds) {
  Position dash = parse_kfen("1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N");
  SolveResult r = solve(dash);
  EXPECT_EQ(r.value, Value::Win);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(to_string(*r.best), "a1a8");  // M7 at once
  EXPECT_EQ(r.plies, 1);
  EXPECT_EQ(r.winner_moves, 1);
  // A round already over: the deadlock of the M8 tests, Black (to move) has won.
  SolveResult over = solve(parse_kfen("ob1kyrgn/7G/8/8/8/8/4p3/N1RYKPBO b G"));
  EXPECT_EQ(over.value, Value::Win);
  EXPECT_EQ(over.plies, 0);
  // Between rounds the Defender, to move, won the round just played (F1).
  EXPECT_EQ(solve(parse_kfen("o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0")).value, Value::Win);
}

TEST(Solver_DfPn, StoppedMeansUnknownNeverAGuess) {
  SolveLimits limits;
  limits.seconds = 1e-9;
  limits.hash_mb = 1;
  SolveResult r = solve(Position::initial(), limits);
  EXPECT_EQ(r.value, Value::Unknown);
  EXPECT_FALSE(r.best);
  EXPECT_FALSE(r.distance_known);
  EXPECT_GT(r.root_pn, 0u);
  EXPECT_GT(r.root_dn, 0u);
}

TEST(Solver_DfPn, ASmallTableCostsTimeNotCorrectness) {
  for (const Position& p : positions_from_play(6, false)) {
    SolveLimits tiny;
    tiny.hash_mb = 1;
    SolveResult a = solve(p, tiny), b = solve(p);
    EXPECT_EQ(a.value, b.value) << to_kfen(p);
    EXPECT_EQ(a.plies, b.plies) << to_kfen(p);
  }
}

// forget drops the table's entry of the question it names, not of the last prove's: a walk of a
// match proof (build_round_layer) searches again for the winner after a search by the loser, and
// finding the winner's old entry there, it would not search, and would miss the child it lost.
TEST(Solver_DfPn, ForgetDropsTheQuestionItNames) {
  std::size_t searched = 0;
  for (const Position& p : positions_from_play(6, false)) {
    TranspositionTable table(1);
    Prover prover(table, {});
    const Goal mover{p.side_to_move()}, other{~p.side_to_move()};
    const Proof first = prover.prove(p, mover);
    if (prover.nodes() < 10) continue;  // settled without a search: nothing stored to forget
    ++searched;
    prover.prove(p, other);  // the last question asked is the other side's
    auto stored = [&] {
      const Bounds b = prover.known(p, mover.attacker, mover.metric);
      return b.at_most != kNever || b.at_least == kNever;
    };
    EXPECT_TRUE(stored());
    prover.forget(p, mover);
    EXPECT_FALSE(stored()) << to_kfen(p);
    const std::uint64_t before = prover.nodes();
    EXPECT_EQ(prover.prove(p, mover).proved, first.proved);
    EXPECT_GT(prover.nodes(), before) << to_kfen(p);  // searched again
  }
  EXPECT_GT(searched, 0u);
}

// Four keys of one bucket (the same high bits, which choose it) with different checks and tags
// (the low bits): the fourth replaces one of the first three, and the tags must still let the
// survivors be found.
TEST(Solver_Table, TagsNeverHideAStoredPosition) {
  TranspositionTable table(1);
  const std::uint64_t high = 0x9876'5432ull << 32;
  const std::uint64_t keys[4] = {high | (1u << 1), high | (4u << 1), high | (6u << 1), high | (7u << 1) | (1u << 20)};
  for (int i = 0; i < 4; ++i) table.store(keys[i], 9, {std::uint32_t(i + 2), 7}, {Distance(3 + i), Distance(3 + i)});
  int found = 0;
  for (int i = 0; i < 4; ++i) {
    TranspositionTable::Found f = table.lookup(keys[i], 9);
    if (!f.has_numbers) continue;
    ++found;
    EXPECT_EQ(f.numbers.pn, std::uint32_t(i + 2));
    EXPECT_EQ(f.bounds.at_most, Distance(3 + i));
  }
  EXPECT_EQ(found, 3);                                // a bucket holds three
  EXPECT_TRUE(table.lookup(keys[3], 9).has_numbers);  // the newest proof is kept
  // Another key of the same bucket, never stored, is not found whatever its tag.
  for (std::uint64_t tag = 0; tag < 8; ++tag) {
    std::uint64_t other = high | (tag << 1) | (1ull << 25);
    EXPECT_FALSE(table.lookup(other, 9).has_numbers);
    EXPECT_EQ(table.lookup(other, 9).bounds.at_most, kNever);
  }
}

TEST(Solver_Opening, BlackWinsTheSingleRoundIn17Plies) {
  SolveResult r = solve(Position::initial());
  ASSERT_EQ(r.value, Value::Win);
  ASSERT_TRUE(r.distance_known);
  EXPECT_EQ(r.plies, 17);
  EXPECT_EQ(r.winner_moves, 9);
  ASSERT_TRUE(r.best);
}

// The benchmark suite (tests/data/solver_suite.json, built by `kamisado solve-bench --generate`):
// at least 60 single-round and 20 match-round positions from self-play, whose stored values and
// distances df-pn reproduces, and alpha-beta too where it is quick.
TEST(Solver_Suite, ValuesAndDistancesHoldByBothMethods) {
  std::ifstream in(std::string(KAMISADO_DATA) + "/solver_suite.json");
  ASSERT_TRUE(in);
  auto suite = nlohmann::json::parse(in);
  int singles = 0, matches = 0, by_alphabeta = 0;
  for (const auto& e : suite.at("positions")) {
    Position p = parse_kfen(e.at("kfen").get<std::string>());
    (e.at("kind") == "single" ? singles : matches) += 1;
    EXPECT_EQ(p.match().is_match(), e.at("kind") == "match");
    SolveResult r = solve(p);
    ASSERT_TRUE(r.distance_known) << to_kfen(p);
    EXPECT_EQ(r.value == Value::Win ? "win" : "loss", e.at("value").get<std::string>()) << to_kfen(p);
    EXPECT_EQ(r.plies, e.at("plies").get<int>()) << to_kfen(p);
    EXPECT_EQ(r.winner_moves, e.at("winner_moves").get<int>()) << to_kfen(p);
    if (e.at("alphabeta_nodes").get<std::uint64_t>() > 300000) continue;
    auto ab = alphabeta_solve(p, 400000);
    ASSERT_TRUE(ab) << to_kfen(p);
    EXPECT_EQ(ab->win, r.value == Value::Win) << to_kfen(p);
    EXPECT_EQ(ab->plies, r.plies) << to_kfen(p);
    ++by_alphabeta;
  }
  EXPECT_GE(singles, 60);
  EXPECT_GE(matches, 20);
  EXPECT_GE(by_alphabeta, 50);
}

// The suite's long entries (alpha-beta needs more than 300 000 nodes: 15 of the 80, 0.4 to 26 M
// nodes, 0.1 to 40 s each in a release build) checked by the independent alpha-beta too, one
// test each so that ctest spreads them over the cores. Under the sanitizers alpha-beta is some
// ten times slower; there they are left to the release run of the same tests.
class Solver_SuiteLong : public ::testing::TestWithParam<int> {};

TEST_P(Solver_SuiteLong, ValueAndDistanceHoldByAlphaBeta) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "checked in the release build";
#endif
  std::ifstream in(std::string(KAMISADO_DATA) + "/solver_suite.json");
  ASSERT_TRUE(in);
  const nlohmann::json suite = nlohmann::json::parse(in);
  std::vector<nlohmann::json> long_ones;
  for (const auto& e : suite.at("positions"))
    if (e.at("alphabeta_nodes").get<std::uint64_t>() > 300000) long_ones.push_back(e);
  ASSERT_EQ(long_ones.size(), 15u);
  const nlohmann::json& e = long_ones[std::size_t(GetParam())];
  Position p = parse_kfen(e.at("kfen").get<std::string>());
  auto ab = alphabeta_solve(p, 200'000'000);
  ASSERT_TRUE(ab) << to_kfen(p);
  EXPECT_EQ(ab->win, e.at("value") == "win") << to_kfen(p);
  EXPECT_EQ(int(ab->plies), e.at("plies").get<int>()) << to_kfen(p);
}

INSTANTIATE_TEST_SUITE_P(Entry, Solver_SuiteLong, ::testing::Range(0, 15));

// A new run of the suite rewrites reports/solver.md; the comparison against the base commit,
// measured by scripts/solver-against-base.sh for tens of minutes, is kept at its end.
TEST(Solver_Report, ANewSuiteReportKeepsTheMeasuredComparison) {
  const auto dir = std::filesystem::path(KAMISADO_TEST_TMP) / "solver-report";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "solver.md").string();
  std::ofstream(path) << "# Proof search benchmark\n\nold table\n\n## Against BASE (15a4542)\n\n| work | ratio |\n";
  EXPECT_EQ(present::keep_comparison("# Proof search benchmark\n\nnew table\n", path),
            "# Proof search benchmark\n\nnew table\n\n## Against BASE (15a4542)\n\n| work | ratio |\n");
  std::ofstream(path) << "# Proof search benchmark\n\nold table\n";
  EXPECT_EQ(present::keep_comparison("new\n", path), "new\n");
  EXPECT_EQ(present::keep_comparison("new\n", (dir / "absent.md").string()), "new\n");
}
