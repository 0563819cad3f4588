// Threats: which steps of a tower hand the opponent a win at once (M7).
//
// In Kamisado the mover chooses only the square; its colour chooses the opponent's next tower
// (T2). A step onto a square of colour c is answered by the opponent's tower c, and if that
// tower has a free line onto its goal row, the round is lost at once (M7). So of the steps a
// tower has, some are "quiet" (the opponent's answer cannot win at once) and the rest lose on
// the spot. The searches ask this of positions they have not made: a mover with no quiet step
// has lost in two plies, a mover with a step that leaves the opponent no quiet answer wins in
// three, and the count of quiet steps is a far better first guess of the work a node needs
// than the count of all steps.
//
// A step counts as a threat only when the opponent's answer is certainly a win: the opponent's
// tower must reach its goal row by a step, and must be one whose win decides what is asked: a
// tower of rank at least `least_rank` (in a match or a ring question a win with a lesser tower
// may not be enough, P2–P3; 0 for a single round). Every other step is quiet, so a count of
// quiet steps never misses a defence: it may only count too many. A step onto the mover's own
// goal row ends the round (M7) and is counted quiet too: what it decides is the caller's
// question. A pass, a push and a deadlock (M6, S2, M8) are never weighed here: a caller asks
// only of a tower that can step, and counts a push apart.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "kamisado/bitboard.h"
#include "kamisado/board.h"
#include "kamisado/position.h"

namespace kamisado {

namespace detail {
// For each side, square and forward direction (M1), every square on that line to the board's
// edge: what step_targets_by_lines cuts at the first tower.
struct Lines {
  Bitboard line[2][64][3];
};
constexpr Lines make_lines() {
  Lines t{};
  for (Side s : {Side::Black, Side::Gold})
    for (int sq = 0; sq < 64; ++sq)
      for (int d = 0; d < 3; ++d)
        for (Bitboard at = bit(Square(sq)); (at = shift(at, kForward[index(s)][d]));) t.line[index(s)][sq][d] |= at;
  return t;
}
}  // namespace detail
inline constexpr detail::Lines kLines = detail::make_lines();

namespace detail {
// Of those lines, each that ends on the side's goal row (M7); every square for one that leaves
// the board by a side first (no step on it ends on the goal row), so that it is never free.
struct GoalLines {
  Bitboard line[2][64][3];
};
constexpr GoalLines make_goal_lines() {
  GoalLines t{};
  for (Side s : {Side::Black, Side::Gold})
    for (int sq = 0; sq < 64; ++sq)
      for (int d = 0; d < 3; ++d) {
        const Bitboard line = kLines.line[index(s)][sq][d];
        t.line[index(s)][sq][d] = (line & goal_row(s)) ? line : ~Bitboard{0};
      }
  return t;
}
}  // namespace detail
inline constexpr detail::GoalLines kGoalLines = detail::make_goal_lines();

// The squares the tower of `side` on `square`, of rank `rank`, may step to on a board whose
// towers stand on `occupied` (M1–M4, S1): the same squares as tower_targets (movegen's, which
// the rules checker proves), found by cutting each line at its first tower instead of by
// fills. Black's lines run towards higher squares, so the first tower is the lowest bit; Gold's
// the other way (tests/test_threats.cpp compares the two on every square, side and rank).
template <Side S>
inline Bitboard plain_step_targets_by_lines(Square square, Bitboard occupied) {
  const Bitboard(&line)[3] = kLines.line[index(S)][square];
  Bitboard targets = 0;
  for (int d = 0; d < 3; ++d) {
    const Bitboard blockers = line[d] & occupied;
    if constexpr (S == Side::Black)
      targets |= line[d] & ((blockers & (0 - blockers)) - 1);
    else
      targets |= blockers ? line[d] & ~((Bitboard{2} << (63 - std::countl_zero(blockers))) - 1) : line[d];
  }
  return targets;
}
inline Bitboard step_targets_by_lines(Side side, Square square, int rank, Bitboard occupied) {
  const Bitboard targets =
      side == Side::Black ? plain_step_targets_by_lines<Side::Black>(square, occupied) : plain_step_targets_by_lines<Side::Gold>(square, occupied);
  return rank == 0 ? targets : targets & kRangeMasks.mask[index(side)][square][rank];  // a plain tower's range is the board (S1)
}

// Lines that are never free: those of a tower that cannot win at once.
inline constexpr Bitboard kNoLines[3] = {~Bitboard{0}, ~Bitboard{0}, ~Bitboard{0}};

// The goal lines of the tower of `side` on `square`, of rank `rank`: its three lines to the
// goal row if that row is within its range (S1), else kNoLines.
inline const Bitboard* goal_lines_in_range(Side side, Square square, int rank) {
  const int from = rank_of(square), goal = goal_rank(side);
  return (from > goal ? from - goal : goal - from) <= kRangeOfRank[rank] ? kGoalLines.line[index(side)][square] : kNoLines;
}
// Whether one of three goal lines is free of the towers on `occupied` (M2–M3).
inline bool a_line_is_free(const Bitboard* line, Bitboard occupied) {
  return !(line[0] & occupied) || !(line[1] & occupied) || !(line[2] & occupied);
}

// Whether the tower of `side` on `square`, of rank `rank`, can step onto its goal row (M7) on a
// board whose towers stand on `occupied`: one of its lines to that row within range is free. The
// same answer as can_win_at_once of its step targets (tests/test_threats.cpp), with three masks
// instead of three fills.
inline bool reaches_goal_row(Side side, Square square, int rank, Bitboard occupied) {
  return a_line_is_free(goal_lines_in_range(side, square, rank), occupied);
}

// Where the towers stand and their ranks: all a threat needs of a position, cheap to copy and
// to move a tower in, so that a search can ask about a child, or a grandchild, it has not made.
struct TowerMap {
  std::array<std::array<Square, 8>, 2> square;
  std::array<std::array<std::uint8_t, 8>, 2> rank;
  Bitboard occupied;

  static TowerMap of(const Position& pos) {
    TowerMap t;
    for (Side s : {Side::Black, Side::Gold})
      for (int c = 0; c < kColours; ++c)
        t.square[index(s)][c] = pos.square_of(s, Colour(c)), t.rank[index(s)][c] = std::uint8_t(pos.rank_of_tower(s, Colour(c)));
    t.occupied = pos.occupied();
    return t;
  }
  // The same towers after the tower (s, c) stepped to `to`.
  TowerMap after_step(Side s, Colour c, Square to) const {
    TowerMap t = *this;
    t.occupied ^= bit(square[index(s)][c]) ^ bit(to);
    t.square[index(s)][c] = to;
    return t;
  }
};

// Of the steps to `targets` of the tower (mover, tower), those after which the opponent cannot
// win at once with a tower of rank >= least_rank.
inline Bitboard quiet_steps(const TowerMap& t, Side mover, Colour tower, Bitboard targets, int least_rank) {
  const Side opponent = ~mover;
  const Bitboard left = t.occupied ^ bit(t.square[index(mover)][tower]);
  Bitboard quiet = targets & goal_row(mover);
  for (Bitboard b = targets & ~goal_row(mover); b;) {
    const Square to = pop_lsb(b);
    const Colour answer = colour_of(to);  // T2
    const int rank = t.rank[index(opponent)][answer];
    if (rank < least_rank || !reaches_goal_row(opponent, t.square[index(opponent)][answer], rank, left | bit(to))) quiet |= bit(to);
  }
  return quiet;
}

namespace detail {
// The squares of each colour (T2).
constexpr std::array<Bitboard, 8> make_colour_squares() {
  std::array<Bitboard, 8> t{};
  for (int sq = 0; sq < 64; ++sq) t[colour_of(Square(sq))] |= bit(Square(sq));
  return t;
}
}  // namespace detail
inline constexpr std::array<Bitboard, 8> kColourSquares = detail::make_colour_squares();

// The lines to the goal row of one side's towers that can win at once if free: those of a tower
// whose ring decides (rank >= least_rank) and whose goal row is within range (S1); a tower that
// cannot gets kNoLines. Found once for the many answers a look ahead weighs.
struct WinningLines {
  std::array<const Bitboard*, 8> of_colour;
  Bitboard live = 0;  // the squares of the colours whose towers have lines: the only answers to weigh (T2)

  // A tower's lines, if its ring decides (rank >= least_rank); else kNoLines.
  static const Bitboard* of_tower(Side side, Square square, int rank, int least_rank) {
    return rank >= least_rank ? goal_lines_in_range(side, square, rank) : kNoLines;
  }
  static WinningLines of(const TowerMap& t, Side side, int least_rank) {
    WinningLines w;
    for (int c = 0; c < kColours; ++c) {
      w.of_colour[c] = of_tower(side, t.square[index(side)][c], t.rank[index(side)][c], least_rank);
      if (w.of_colour[c] != kNoLines) w.live |= kColourSquares[c];
    }
    return w;
  }
};

// After the step of the tower (mover, tower) to `to`, how many quiet answers (above) the
// opponent's tower has, exactly below `cap` (the count may stop once it reaches cap); or -1
// when that is not weighed here: the answer is a Sumo's (which might push, S2) or a pass (M6). 0 is a win for the mover in three plies: his
// step, any answer, his win at once with a tower of rank >= least_rank. `lines` are the mover's
// WinningLines for least_rank, where his towers stood before the step.
inline int quiet_answers(const TowerMap& t, const WinningLines& lines, Side mover, Colour tower, Square to, int least_rank, int cap) {
  const Side opponent = ~mover;
  const Colour answer = colour_of(to);  // T2
  if (t.rank[index(opponent)][answer] != 0) return -1;
  const Bitboard occupied = t.occupied ^ bit(t.square[index(mover)][tower]) ^ bit(to);
  const Square from = t.square[index(opponent)][answer];
  const Bitboard answers = step_targets_by_lines(opponent, from, 0, occupied);
  if (!answers) return -1;
  const Bitboard left = occupied ^ bit(from);
  const Bitboard* moved = WinningLines::of_tower(mover, to, t.rank[index(mover)][tower], least_rank);
  const Bitboard live = (lines.live & ~kColourSquares[tower]) | (moved != kNoLines ? kColourSquares[tower] : 0);
  // An answer onto the opponent's goal row ends the round; one whose colour designates a tower
  // that cannot win at once is quiet whatever the board (above).
  int quiet = popcount(answers & (goal_row(opponent) | ~live));
  for (Bitboard b = answers & live & ~goal_row(opponent); b && quiet < cap;) {
    const Square at = pop_lsb(b);
    const Colour next = colour_of(at);
    quiet += !a_line_is_free(next == tower ? moved : lines.of_colour[next], left | bit(at));
  }
  return quiet;
}
inline int quiet_answers(const TowerMap& t, Side mover, Colour tower, Square to, int least_rank, int cap) {
  return quiet_answers(t, WinningLines::of(t, mover, least_rank), mover, tower, to, least_rank, cap);
}

// What a look two plies ahead says of the steps to `targets` (quiet ones: the others lose at
// once) of the tower (mover, tower): whether one of them wins in three plies (quiet_answers 0),
// and else the fewest quiet answers any of them leaves, 0 if none was weighed.
struct LookAhead {
  bool wins_in_three;
  int fewest_answers;
};
inline LookAhead look_ahead(const TowerMap& t, Side mover, Colour tower, Bitboard targets, int least_rank) {
  const WinningLines lines = WinningLines::of(t, mover, least_rank);
  int fewest = 64;
  for (Bitboard b = targets & ~goal_row(mover); b;) {
    const int quiet = quiet_answers(t, lines, mover, tower, pop_lsb(b), least_rank, fewest);
    if (quiet == 0) return {true, 0};
    if (quiet > 0) fewest = std::min(fewest, quiet);
  }
  return {false, fewest == 64 ? 0 : fewest};
}

}  // namespace kamisado
