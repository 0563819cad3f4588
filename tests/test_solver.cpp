// The proof-number search: its values agree with a plain memoized search, its wins are checked
// by their proof trees, and it says "unknown" rather than guess when stopped.
#include <gtest/gtest.h>

#include <sstream>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "cli/app.h"
#include "helpers.h"
#include "solver/dfpn.h"
#include "solver/proof_check.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {
// Does the side to move win? A plain depth-first search with a memo, no proof numbers; nullopt
// when it needs more than `budget` positions.
std::optional<bool> plain_wins(const Position& p, std::unordered_map<std::uint64_t, bool>& memo, std::uint64_t& budget) {
  Value v = round_over_value(p);
  if (v != Value::Unknown) return v == Value::Win;
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
    SolveResult r = solve(p);
    ASSERT_NE(r.value, Value::Unknown) << to_kfen(p);
    EXPECT_EQ(r.value == Value::Win, *plain) << to_kfen(p);
    if (r.value == Value::Win) {
      ASSERT_TRUE(r.best) << to_kfen(p);
      Position after = p.after(*r.best);
      std::uint64_t more = 200000;
      auto reply = plain_wins(after, memo, more);
      ASSERT_TRUE(reply);
      EXPECT_EQ(after.side_to_move() == p.side_to_move(), *reply) << "the best move must win: " << to_kfen(p);
    }
    ++compared;
  }
  EXPECT_GE(compared, 20);
}

TEST(Solver_DfPn, ImmediateWinAndFinishedRounds) {
  Position dash = parse_kfen("1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N");
  SolveResult r = solve(dash);
  EXPECT_EQ(r.value, Value::Win);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(to_string(*r.best), "a1a8");  // M7 at once
  // A round already over: the deadlock of the M8 tests, Black (to move) has won.
  EXPECT_EQ(solve(parse_kfen("ob1kyrgn/7G/8/8/8/8/4p3/N1RYKPBO b G")).value, Value::Win);
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
  EXPECT_GT(r.root_pn, 0u);
  EXPECT_GT(r.root_dn, 0u);
}

TEST(Solver_Opening, BlackWinsTheSingleRoundAndTheProofTreeCloses) {
  SolveResult r = solve(Position::initial());
  ASSERT_EQ(r.value, Value::Win);
  ASSERT_TRUE(r.best);
  ProofCheck check = check_win(Position::initial(), Side::Black);
  EXPECT_TRUE(check.holds) << check.failure;
  EXPECT_GT(check.tree_nodes, 100u);
}

TEST(Solver_Check, AFalseClaimDoesNotClose) {
  // Positions from play that the search proves lost for the side to move: the check of the
  // false claim (the side to move wins) fails, naming where; the true claim's tree closes.
  int checked = 0;
  for (std::uint32_t seed = 0; seed < 200 && checked < 5; ++seed) {
    Position p = test::random_position(seed, 10 + int(seed % 20));
    if (p.turn() != Turn::Designated || solve(p).value != Value::Loss) continue;
    ProofCheck wrong = check_win(p, p.side_to_move());
    EXPECT_FALSE(wrong.holds) << to_kfen(p);
    EXPECT_FALSE(wrong.failure.empty()) << to_kfen(p);
    EXPECT_TRUE(check_win(p, ~p.side_to_move()).holds) << to_kfen(p);
    ++checked;
  }
  EXPECT_EQ(checked, 5);
}

TEST(Solver_CLI, SolveTextJsonAndErrors) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run_cli({"solve", "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N", "--check", "--json"}, out, err), cli::kOk) << err.str();
  auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["value"], "win");
  EXPECT_EQ(j["best"], "a1a8");
  EXPECT_TRUE(j["check"]["holds"]);
  std::ostringstream out2, err2;
  EXPECT_EQ(cli::run_cli({"solve", "not a kfen"}, out2, err2), cli::kBadInput);
  EXPECT_NE(err2.str().find("KFEN"), std::string::npos);
  std::ostringstream out3, err3;
  EXPECT_EQ(cli::run_cli({"solve", std::string(kStartKfen), "--time", "0.000001"}, out3, err3), cli::kOk);
  EXPECT_NE(out3.str().find("unknown"), std::string::npos) << out3.str();
}
