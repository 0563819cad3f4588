// The cross-checks of the match search can fail: in this test build the rules carry deliberate
// errors (src/kamisado/mutants.h, KAMISADO_MUTANTS), and each one, turned on, makes the
// engine disagree with the independent minimax (solver/match/match_minimax.h) somewhere.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "solver/match/match_minimax.h"
#include "solver/search/solve.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/mutants.h"

using namespace kamisado;
using namespace kamisado::solver;
using kamisado::mutants::Mutant;

namespace {

// The first `count` positions of the match section (tests/data/match_suite.json). This build
// cannot link the suite's reader (it would bring the rules in twice), so it reads the JSON here.
std::vector<std::string> suite_kfens(std::size_t count) {
  std::ifstream in(std::string(KAMISADO_DATA) + "/match_suite.json");
  const nlohmann::json doc = nlohmann::json::parse(in);  // kept: a loop over a temporary's member would read freed memory
  std::vector<std::string> out;
  for (const auto& e : doc["positions"])
    if (out.size() < count) out.push_back(e["kfen"].get<std::string>());
  return out;
}

// Two Sumo rounds where Black, 1 point short of 3 in a 3-point match, must win with his Sumo
// (P2: its ring is worth 2), not with the plain tower that reaches Gold's home row first. Found
// by sampling random late rounds of this score (300 of them, 106 the minimax could value).
const char* kSumoMustWin[] = {
    "b6o/k1P3ny/N+1R2r2/7g/6p1/3YO3/8/G4BK1 b Y 3:1-2",
    "n1bg3y/8/1N+6/8/2o5/pr2R3/G5Yk/2KO1B1P b B 3:1-2",
};

// Positions on which df-pn's winner or distance differs from the minimax's under `mutant`: the
// Sumo rounds above and the first `count` positions of the match suite. They are read under the
// real rules, which wrote them: KFEN validation asks the rules (a mutant P2 makes their scores too
// small for their rings).
int disagreements(std::size_t count, Mutant mutant) {
  std::vector<std::string> kfens(std::begin(kSumoMustWin), std::end(kSumoMustWin));
  for (const std::string& kfen : suite_kfens(count)) kfens.push_back(kfen);
  std::vector<Position> positions;
  for (const std::string& kfen : kfens) positions.push_back(parse_kfen(kfen));
  mutants::active = mutant;
  int differ = 0;
  for (const Position& p : positions) {
    SolveResult r = solve(p, {}, true, Aim::match());
    MinimaxResult m = match_minimax(p, 2'000'000);
    if (!m.winner) continue;  // beyond the referee's budget under these rules: no verdict
    Side w = winner(r, p);
    if (!r.distance_known || w != *m.winner || r.plies != m.plies) ++differ;
  }
  return differ;
}

// Random round ends on which the engine's regrouping differs from the referee's.
int regroup_disagreements() {
  std::mt19937_64 rng(7);
  int differ = 0;
  for (int game = 0; game < 100; ++game) {
    Position p = parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 15:0-0");
    while (p.turn() != Turn::BetweenRounds) {
      MoveList moves;
      generate_moves(p, moves);
      p = p.after(moves[rng() % moves.size()]);
    }
    Position next = p.after(Move::fill(FillSide::Left));
    for (Side s : {Side::Black, Side::Gold})
      for (int c = 0; c < kColours; ++c) differ += next.square_of(s, Colour(c)) != referee_regroup(p, s, true)[c];
  }
  return differ;
}

struct Reset {
  ~Reset() { mutants::active = Mutant::None; }
};

}  // namespace

TEST(MatchMutants, WithoutAMutantEverythingAgrees) {
  EXPECT_EQ(disagreements(60, Mutant::None), 0);
  EXPECT_EQ(regroup_disagreements(), 0);
}

// P2 broken: a ring on a plain tower worth 2. The match search then ends matches too soon.
// (On the suite's positions alone it changes nothing: none of them turns on a ring's value.)
TEST(MatchMutants, WrongRingValueIsCaught) {
  Reset reset;
  EXPECT_EQ(disagreements(0, Mutant::RingValue), 2);
}

// F2 broken: the Challenger fills by the board's side. The referee regroups by the rules.
TEST(MatchMutants, WrongFillDirectionIsCaught) {
  Reset reset;
  mutants::active = Mutant::FillDirection;
  EXPECT_GT(regroup_disagreements(), 0);
}

// P2 asked of the rules everywhere: under the RingValue mutant, KFEN validation counts a plain
// tower's ring as 2 too, so a score of 1 no longer pays for a rank-1 tower (issue 32, 5).
TEST(MatchMutants, KfenValidationAsksTheRulesForRingValues) {
  Reset reset;
  const char* sumo_scored_one = "obpkyrgn/8/8/8/8/8/8/N+GRYKPBO b - 3:1-0";
  EXPECT_NO_THROW(parse_kfen(sumo_scored_one));
  mutants::active = Mutant::RingValue;
  EXPECT_THROW(parse_kfen(sumo_scored_one), NotationError);
}
