// The threats the proof search counts on (src/kamisado/threats.h), each checked against the
// plain rules: the move generator and Position::after, square by square, on every square and
// on positions from play in single rounds and in matches with Sumos.
#include <gtest/gtest.h>

#include <random>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/kamisado/threats.h"
#include "tests/helpers.h"

namespace kamisado {
namespace {

// A random board around a tower on `square`: each other square taken with probability
// `density` / 8.
Bitboard random_board(std::mt19937_64& rng, Square square, int density) {
  Bitboard occupied = bit(square);
  for (int sq = 0; sq < 64; ++sq)
    if (int(rng() % 8) < density) occupied |= bit(Square(sq));
  return occupied;
}

// M1–M4, S1: the lines cut at the first tower give the squares the fills give, for every
// side, square and rank, on boards from empty to nearly full.
TEST(Threats_M1_M4_S1, StepTargetsByLinesAreTheMoveGeneratorsTargets) {
  std::mt19937_64 rng(20261201);
  for (Side side : {Side::Black, Side::Gold})
    for (int sq = 0; sq < 64; ++sq)
      for (int rank = 0; rank < 5; ++rank)
        for (int trial = 0; trial < 64; ++trial) {
          const Bitboard occupied = random_board(rng, Square(sq), trial % 8);
          ASSERT_EQ(step_targets_by_lines(side, Square(sq), rank, occupied), tower_targets<Bitboard>(Square(sq), ~occupied, side, rank))
              << "side " << int(index(side)) << " square " << sq << " rank " << rank << " board " << occupied;
        }
}

// M7 with S1: a free line to the goal row within range is a step onto it, and a tower landing
// on an empty square leaves such a step exactly when the square is off the meet of the free
// lines (meet_of_free_lines, which the threats ask; ~0 when no line is free).
TEST(Threats_M7, TheMeetOfTheFreeGoalLinesIsWhereALandingTowerTakesTheWinAway) {
  std::mt19937_64 rng(7);
  for (Side side : {Side::Black, Side::Gold})
    for (int sq = 0; sq < 64; ++sq)
      for (int rank = 0; rank < 5; ++rank)
        for (int trial = 0; trial < 64; ++trial) {
          const Bitboard occupied = random_board(rng, Square(sq), trial % 8);
          const Bitboard meet = meet_of_free_lines(goal_lines_in_range(side, Square(sq), rank), occupied);
          ASSERT_EQ(meet != ~Bitboard{0}, can_win_at_once(side, tower_targets<Bitboard>(Square(sq), ~occupied, side, rank)))
              << "side " << int(index(side)) << " square " << sq << " rank " << rank << " board " << occupied;
          for (Bitboard empty = ~occupied; empty;) {
            const Square at = pop_lsb(empty);
            ASSERT_EQ((meet & bit(at)) == 0, can_win_at_once(side, tower_targets<Bitboard>(Square(sq), ~(occupied | bit(at)), side, rank)))
                << "side " << int(index(side)) << " square " << sq << " rank " << rank << " board " << occupied << " landing on " << int(at);
          }
        }
}

// Positions from play whose side to move has a designated tower that can step: single rounds,
// and matches whose towers are Sumos of every rank (S1) and whose rings decide (P2).
std::vector<Position> positions_to_step() {
  std::vector<Position> out;
  const Position starts[] = {Position::initial(), parse_kfen("o++bpkyrgn/8/8/8/8/8/8/NGR+YKP+BO b - 7:3-3"),
                             parse_kfen("o+++b++p+kyrgn/8/8/8/8/8/8/N+G++R+++YKPBO b - 15:11-11")};
  for (std::uint32_t seed = 0; seed < 3000; ++seed) {
    const Position p = test::random_position(seed, 1 + int(seed % 36), starts[seed % 3]);
    if (p.turn() == Turn::Designated && !round_winner(p) && step_targets(p, p.side_to_move(), p.designated())) out.push_back(p);
  }
  return out;
}

// Whether, in `p`, the side to move has a step onto its goal row with its designated tower of
// rank >= least_rank: the plain rules' "wins at once".
bool wins_at_once_by_rules(const Position& p, int least_rank) {
  if (p.turn() != Turn::Designated || round_winner(p)) return false;
  if (p.rank_of_tower(p.side_to_move(), p.designated()) < least_rank) return false;
  MoveList moves;
  generate_moves(p, moves);
  for (Move m : moves)
    if (wins_at_once(m, p.side_to_move())) return true;
  return false;
}

// T2, M7: a step is a threat exactly when the opponent's tower it designates then has a
// winning step, for every least rank a question may ask (P2).
TEST(Threats_T2_M7, AQuietStepIsOneTheOpponentCannotAnswerWithAWin) {
  int threats = 0, quiet = 0;
  for (const Position& p : positions_to_step()) {
    const Side s = p.side_to_move();
    const Square from = p.square_of(s, p.designated());
    const Bitboard steps = step_targets(p, s, p.designated());
    for (int least = 0; least < 5; ++least) {
      const Bitboard found = quiet_steps(TowerMap::of(p), s, p.designated(), steps, least);
      for (Bitboard b = steps; b;) {
        const Square to = pop_lsb(b);
        const bool threat = !wins_at_once(Move::step(from, to), s) && wins_at_once_by_rules(p.after(Move::step(from, to)), least);
        ASSERT_EQ((found & bit(to)) == 0, threat) << to_kfen(p) << " step to " << int(to) << " least rank " << least;
        ++(threat ? threats : quiet);
      }
    }
  }
  EXPECT_GT(threats, 1000);
  EXPECT_GT(quiet, 1000);
}

// M8 with T2 and M6: a step after which the opponent's tower it designates can step never loses
// the round on the spot (has_step_without_deadlock, which a bounded proof search counts on to
// refute a loser's node at the edge of its budget); the steps it does not vouch for include
// every deadlock the mover makes.
TEST(Threats_M8, AStepThatLeavesTheDesignatedTowerAStepCannotDeadlock) {
  int vouched = 0, deadlocks = 0;
  for (const Position& p : positions_to_step()) {
    const Side s = p.side_to_move();
    const Square from = p.square_of(s, p.designated());
    const TowerMap map = TowerMap::of(p);
    const Bitboard steps = step_targets(p, s, p.designated());
    bool any = false;
    for (Bitboard b = steps; b;) {
      const Square to = pop_lsb(b);
      const Position after = p.after(Move::step(from, to));
      const bool lost_at_once = round_winner(after) == ~s;
      const bool safe = has_step_without_deadlock(map, s, p.designated(), bit(to));
      ASSERT_FALSE(safe && lost_at_once) << to_kfen(p) << " step to " << int(to);
      vouched += safe;
      deadlocks += lost_at_once;
      any |= safe;
    }
    ASSERT_EQ(has_step_without_deadlock(map, s, p.designated(), steps), any) << to_kfen(p);
  }
  EXPECT_GT(vouched, 10000);
  EXPECT_GT(deadlocks, 10);
}

// T2, M7: the quiet steps of each child, found from its parent's Replies (as the proof search
// finds them, once per parent) are those quiet_steps finds in the child itself, for every step
// of the mover's tower and every least rank.
TEST(Threats_T2_M7, RepliesGiveEachChildsQuietSteps) {
  int children = 0;
  for (const Position& p : positions_to_step()) {
    const Side s = p.side_to_move();
    const TowerMap map = TowerMap::of(p);
    for (int least = 0; least < 5; ++least) {
      const Replies replies(map, s, p.designated(), least);
      for (Bitboard b = step_targets(p, s, p.designated()) & ~goal_row(s); b;) {
        const Square to = pop_lsb(b);
        const TowerMap child = map.after_step(s, p.designated(), to);
        const Colour next = colour_of(to);
        const Bitboard steps = step_targets_by_lines(~s, child.square[index(~s)][next], child.rank[index(~s)][next], child.occupied);
        ASSERT_EQ(steps & ~(replies.winning_after(to) & ~goal_row(~s)), quiet_steps(child, ~s, next, steps, least))
            << to_kfen(p) << " step to " << int(to) << " least rank " << least;
        ++children;
      }
    }
  }
  EXPECT_GT(children, 10000);
}

// T2, M7: the look ahead of each child where the attacker moves next, read from the LineSet
// of its parent's board (as the proof search reads it, once per parent) is the look ahead on the
// child's own board, for every least rank.
TEST(Threats_T2_M7, TheParentsLineSetGivesEachChildsLookAhead) {
  int looks = 0, wins_in_three = 0;
  for (const Position& p : positions_to_step()) {
    const Side s = p.side_to_move();
    const TowerMap map = TowerMap::of(p);
    const Bitboard lifted = map.occupied ^ bit(map.square[index(s)][p.designated()]);
    for (int least = 0; least < 5; ++least) {
      const LineSet parents(map, ~s, least, lifted);
      for (Bitboard b = step_targets(p, s, p.designated()) & ~goal_row(s); b;) {
        const Square to = pop_lsb(b);
        const TowerMap child = map.after_step(s, p.designated(), to);
        const Colour next = colour_of(to);
        const Bitboard steps = step_targets_by_lines(~s, child.square[index(~s)][next], child.rank[index(~s)][next], child.occupied);
        const LookAhead own = look_ahead(child, ~s, next, steps, least), from_parent = look_ahead(parents, child, ~s, next, steps, least);
        ASSERT_EQ(from_parent.wins_in_three, own.wins_in_three) << to_kfen(p) << " step to " << int(to) << " least rank " << least;
        ASSERT_EQ(from_parent.fewest_answers, own.fewest_answers) << to_kfen(p) << " step to " << int(to) << " least rank " << least;
        ++looks;
        wins_in_three += own.wins_in_three;
      }
    }
  }
  EXPECT_GT(looks, 10000);
  EXPECT_GT(wins_in_three, 100);
}

// Three plies by the rules: after the mover's step to `to`, the opponent's answers that leave
// the mover no winning step (of a tower of rank >= least_rank), or -1 where quiet_answers
// leaves the answer unweighed (a Sumo's answer, a pass, the round over).
int quiet_answers_by_rules(const Position& p, Square to, int least_rank) {
  const Position answered = p.after(Move::step(p.square_of(p.side_to_move(), p.designated()), to));
  if (answered.turn() != Turn::Designated || round_winner(answered)) return -1;
  if (answered.rank_of_tower(answered.side_to_move(), answered.designated()) != 0) return -1;
  MoveList answers;
  generate_moves(answered, answers);
  if (answers.size() == 1 && answers[0].kind() == MoveKind::Pass) return -1;
  int quiet = 0;
  for (Move a : answers) quiet += wins_at_once(a, answered.side_to_move()) || !wins_at_once_by_rules(answered.after(a), least_rank);
  return quiet;
}

// A look two plies ahead: the count of quiet answers after each step, and a win in three
// plies exactly when some step leaves none.
TEST(Threats_T2_M7, QuietAnswersAndTheWinInThreeAgreeWithThePlainRules) {
  int wins_in_three = 0, weighed = 0;
  for (const Position& p : positions_to_step()) {
    const Side s = p.side_to_move();
    const TowerMap map = TowerMap::of(p);
    const Bitboard steps = step_targets(p, s, p.designated());
    for (int least : {0, 1, 3}) {
      const Bitboard quiet = quiet_steps(map, s, p.designated(), steps, 0);
      bool any_zero = false;
      int fewest = 64;
      for (Bitboard b = quiet & ~goal_row(s); b;) {
        const Square to = pop_lsb(b);
        const int expected = quiet_answers_by_rules(p, to, least);
        ASSERT_EQ(quiet_answers(map, s, p.designated(), to, least), expected) << to_kfen(p) << " step to " << int(to) << " least " << least;
        any_zero |= expected == 0;
        if (expected > 0) fewest = std::min(fewest, expected);
        weighed += expected >= 0;
      }
      const LookAhead a = look_ahead(map, s, p.designated(), quiet, least);
      ASSERT_EQ(a.wins_in_three, any_zero) << to_kfen(p);
      if (!any_zero) {
        ASSERT_EQ(a.fewest_answers, fewest == 64 ? 0 : fewest) << to_kfen(p);
      }
      wins_in_three += any_zero;
    }
  }
  EXPECT_GT(wins_in_three, 100);
  EXPECT_GT(weighed, 5000);
}

}  // namespace
}  // namespace kamisado
