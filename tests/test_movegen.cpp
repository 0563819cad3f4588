// T1–T2 and M1–M6: which tower moves and where it may go, on hand-built positions.
// Expected move lists were worked out by hand (and cross-checked with a separate brute-force
// walk of the rules written for that purpose, not part of the project).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "src/kamisado/rules.h"
#include "tests/helpers.h"

using namespace kamisado;
using test::move_names;
using test::play_moves;

TEST(T1_FreeFirstMove, EveryBlackTowerMayMove) {
  Position p = Position::initial();
  std::vector<std::string> moves = move_names(p);
  EXPECT_EQ(moves.size(), 102u);
  std::set<char> files;
  for (const std::string& m : moves) files.insert(m[0]);
  EXPECT_EQ(files.size(), 8u);
  // a1: a2-a7 and b2-g7 (a8 and h8 are taken): 12 moves.
  EXPECT_EQ(std::count_if(moves.begin(), moves.end(), [](auto& m) { return m[0] == 'a'; }), 12);
}

TEST(T2_ColourOfTheLastSquare, OpponentMovesTheTowerOfThatColour) {
  Position p = play_moves(Position::initial(), {"c1c4"});  // c4 is Green (B3)
  EXPECT_EQ(p.side_to_move(), Side::Gold);
  EXPECT_EQ(p.turn(), Turn::Designated);
  EXPECT_EQ(p.designated(), Green);
  for (const std::string& m : move_names(p)) EXPECT_EQ(m.substr(0, 2), "g8");  // Gold's Green
  p = play_moves(p, {"g8d5"});                                                 // d5 is Orange
  EXPECT_EQ(p.designated(), Orange);
  EXPECT_EQ(p.side_to_move(), Side::Black);
}

TEST(M1_M2_M3_Lines, ForwardOnlyUpToTheFirstTowerNoCaptures) {
  // After c1c4 g8d5 Black's Orange on h1 must move: h2-h7 straight (h8 is taken), and g2 f3
  // e4 on the diagonal, stopping before Gold's Green on d5. Nothing sideways or backwards,
  // nothing onto or through an occupied square.
  Position p = play_moves(Position::initial(), {"c1c4", "g8d5"});
  std::vector<std::string> expected = {"h1g2", "h1h2", "h1f3", "h1h3", "h1e4", "h1h4", "h1h5", "h1h6", "h1h7"};
  EXPECT_EQ(move_names(p), expected);
}

TEST(M2_HomeRowDash, StraightFromHomeRowToTheOpponentsHomeRow) {
  // Gold's Orange has left a8 and file a is clear: a1a8 is legal and wins at once.
  Position p = parse_kfen("1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N");
  std::vector<std::string> moves = move_names(p);
  EXPECT_EQ(moves.size(), 13u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "a1a8"), moves.end());
  Position won = p.after(parse_move(p, "a1a8"));
  EXPECT_EQ(won.outcome().ending, Ending::HomeRow);
  EXPECT_EQ(won.outcome().winner, Side::Black);
}

TEST(M4_CornerTouchingTowers, MayMoveDiagonallyBetweenThem) {
  // Black's Yellow on d3; Gold's Pink on d4 and Black's Purple on e3 touch corner to corner.
  // d3-e4 passes between them and goes on to h7; d4 itself blocks the straight line.
  Position p = parse_kfen("obp1yrgn/8/8/8/3k4/3YP3/8/NGR1K1BO b Y");
  std::vector<std::string> expected = {"d3c4", "d3e4", "d3b5", "d3f5", "d3a6", "d3g6", "d3h7"};
  EXPECT_EQ(move_names(p), expected);
}

TEST(M5_NoVoluntaryPass, PassOnlyWhenTheTowerCannotMove) {
  Position p = play_moves(Position::initial(), {"c1c4"});
  for (const std::string& m : move_names(p)) EXPECT_NE(m, "pass");
  EXPECT_THROW(parse_move(p, "pass"), IllegalMove);
}

TEST(M6_ForcedPass, BlockedTowerPassesAndTheOpponentMovesTheColourOfItsSquare) {
  // Black's Red on c3 has b4, c4 and d4 taken by Gold: its only move is pass. The pass ends
  // on c3, a Brown square, so Gold must then move his Brown tower (h8).
  Position p = parse_kfen("o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R");
  EXPECT_FALSE(can_act(p, Side::Black, Red));
  EXPECT_EQ(move_names(p), std::vector<std::string>{"pass"});
  Position after = p.after(parse_move(p, "pass"));
  EXPECT_EQ(after.side_to_move(), Side::Gold);
  EXPECT_EQ(after.designated(), Brown);
  EXPECT_EQ(after.square_of(Side::Black, Red), p.square_of(Side::Black, Red));  // zero-length
  EXPECT_FALSE(after.outcome().over());
  EXPECT_EQ(to_kfen(after), "o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO g n");
  // h8 down to h2, and g7 f6 e5 before Gold's own Pink on d4.
  EXPECT_EQ(move_names(after).size(), 9u);
}

TEST(M6_ForcedPass, AMoveWithALegalMoveIsNeverAPass) {
  // Every position on a few random games: pass is generated exactly when the designated tower
  // has no move.
  std::mt19937 rng(3);
  for (int game = 0; game < 200; ++game) {
    Position p = Position::initial();
    while (!p.outcome().over()) {
      MoveList moves;
      generate_moves(p, moves);
      if (p.turn() == Turn::Designated) {
        bool blocked = step_targets(p, p.side_to_move(), p.designated()) == 0;
        ASSERT_EQ(moves.size() == 1 && moves[0].kind() == MoveKind::Pass, blocked) << to_kfen(p);
      }
      p = p.after(moves[rng() % moves.size()]);
    }
  }
}

// T2, M6–M8, S2: Position::glimpse, the search's shortcut past after(), gives exactly the key
// and the next designated tower's steps of the made position, and declines every move after
// which the round ends, a Sumo is designated, or the designated tower cannot step.
TEST(T2_M6_M8_Glimpse, AStepsKeyAndNextStepsAreThoseOfTheMadePosition) {
  int glimpsed = 0, declined = 0;
  for (std::uint32_t seed = 0; seed < 600; ++seed) {
    Position start = seed % 2 ? parse_kfen(std::string(kStartKfen) + " 15:0-0") : Position::initial();
    Position p = test::random_position(seed, seed % 2 ? int(seed % 240) : int(seed % 40), start);
    MoveList moves;
    generate_moves(p, moves);
    for (Move m : moves) {
      Position made = p.after(m);
      auto g = p.glimpse(m);
      Side next = made.side_to_move();
      bool expected = m.kind() == MoveKind::Step && !made.outcome().over() && made.turn() == Turn::Designated && next == ~p.side_to_move() &&
                      made.rank_of_tower(next, made.designated()) == 0 && step_targets(made, next, made.designated()) != 0;
      ASSERT_EQ(g.has_value(), expected) << to_kfen(p) << " " << to_string(m);
      if (!g) {
        ++declined;
        continue;
      }
      ++glimpsed;
      EXPECT_EQ(g->key, made.key()) << to_kfen(p) << " " << to_string(m);
      EXPECT_EQ(g->next_targets, step_targets(made, next, made.designated())) << to_kfen(p) << " " << to_string(m);
    }
  }
  EXPECT_GT(glimpsed, 1000);
  EXPECT_GT(declined, 100);
}
