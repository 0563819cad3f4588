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

#include "src/kamisado/bitboard.h"
#include "src/kamisado/board.h"
#include "src/kamisado/position.h"

namespace kamisado {

namespace detail {
// Of the lines of kLines (bitboard.h), each that ends on the side's goal row (M7); every square
// for one that leaves the board by a side first (no step on it ends on the goal row), so that it
// is never free.
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

// Lines that are never free: those of a tower that cannot win at once.
inline constexpr Bitboard kNoLines[3] = {~Bitboard{0}, ~Bitboard{0}, ~Bitboard{0}};

namespace detail {
// goal_lines_in_range's answers, by side, rank and square: the searches ask it dozens of times a
// node, and a look-up is cheaper than the distance to the goal row each time.
struct GoalLinesInRange {
  const Bitboard* lines[2][5][64];
};
constexpr GoalLinesInRange make_goal_lines_in_range() {
  GoalLinesInRange t{};
  for (Side s : {Side::Black, Side::Gold})
    for (int rank = 0; rank < 5; ++rank)
      for (int sq = 0; sq < 64; ++sq) {
        const int from = rank_of(Square(sq)), goal = goal_rank(s);
        t.lines[index(s)][rank][sq] = (from > goal ? from - goal : goal - from) <= kRangeOfRank[rank] ? kGoalLines.line[index(s)][sq] : kNoLines;
      }
  return t;
}
}  // namespace detail
inline constexpr detail::GoalLinesInRange kGoalLinesInRange = detail::make_goal_lines_in_range();

// The goal lines of the tower of `side` on `square`, of rank `rank`: its three lines to the
// goal row if that row is within its range (S1), else kNoLines.
inline const Bitboard* goal_lines_in_range(Side side, Square square, int rank) { return kGoalLinesInRange.lines[index(side)][rank][square]; }
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

// M8: a real move loses the round at once only by a deadlock, and a deadlock needs the tower it
// designates (T2) to be blocked (M6), unable to step. Whether one of the steps to `targets` of
// the tower (mover, tower) designates an opponent's tower that can still step: then the mover
// has a move that does not end the round on his own loss, and the opponent cannot win before
// moving again (rules.h, least_plies_to_win: one ply more than a loser to move).
inline bool has_step_without_deadlock(const TowerMap& t, Side mover, Colour tower, Bitboard targets) {
  const Square from = t.square[index(mover)][tower];
  for (Bitboard b = targets; b; b &= b - 1) {
    const Square to = lsb(b);
    // Any rank steps one square (S1), so the designated tower's range does not matter here.
    if (step_targets_by_lines(~mover, t.square[index(~mover)][colour_of(to)], 0, t.occupied ^ bit(from) ^ bit(to))) return true;
  }
  return false;
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

// A tower's lines to its goal row leave its square in three directions and never share a square,
// so another tower landing on one square blocks at most one of them. Of a tower with lines
// `line` on a board `occupied`: the meet of its lines free of that board (~0 when none is free;
// kNoLines is never free). A tower landing anywhere off the meet leaves it a free line: with two
// free lines, anywhere (the meet is empty); with one, anywhere off that line; with none, nowhere.
inline Bitboard meet_of_free_lines(const Bitboard* line, Bitboard occupied) {
  Bitboard meet = ~Bitboard{0};
  for (int d = 0; d < 3; ++d) meet &= (line[d] & occupied) ? ~Bitboard{0} : line[d];
  return meet;
}

// The lines to the goal row of a tower of `side` on `square`, of rank `rank`, that can win at once
// if free: its goal lines in range if its ring decides (rank >= least_rank, P2); else kNoLines.
inline const Bitboard* deciding_lines(Side side, Square square, int rank, int least_rank) {
  return rank >= least_rank ? goal_lines_in_range(side, square, rank) : kNoLines;
}

// The squares a tower may step onto, on a board of towers `occupied` (without it), that hand the
// turn to a tower of `side` which then wins at once with a tower of rank >= least_rank: a square
// of colour c designates the tower c (T2), which wins if a line of it stays free (above).
inline Bitboard squares_that_hand_a_win(const TowerMap& t, Side side, Bitboard occupied, int least_rank) {
  Bitboard squares = 0;
  for (int c = 0; c < kColours; ++c)
    squares |= kColourSquares[c] & ~meet_of_free_lines(deciding_lines(side, t.square[index(side)][c], t.rank[index(side)][c], least_rank), occupied);
  return squares;
}

// Of the steps to `targets` of the tower (mover, tower), those after which the opponent cannot
// win at once with a tower of rank >= least_rank.
inline Bitboard quiet_steps(const TowerMap& t, Side mover, Colour tower, Bitboard targets, int least_rank) {
  const Bitboard left = t.occupied ^ bit(t.square[index(mover)][tower]);
  return targets & (goal_row(mover) | ~squares_that_hand_a_win(t, ~mover, left, least_rank));
}

// Which answers lose after each step of one tower: found once for the many steps of the tower
// (the proof search asks it of every child of a node, for the children's quiet steps). After the
// mover's tower (mover, tower) stepped to `to` and the opponent's tower a (T2: the colour of
// `to`) left its square to answer, a line of the mover's other tower k is free when it has no
// tower on it but may hold a, and not `to`. An answer onto a square of colour k hands the turn
// back to the tower k (T2), which wins at once if one of its free lines does not hold that
// square: each free line wins on the squares of its tower's colour off itself. So the answers
// that lose, for each a, are unions made once (in the constructor); only where `to` lies on one
// of those lines are they made again for that step. (A LineSet, below, answers the same for the
// look ahead, where each step is on a board of its own: a line at a time.)
class Replies {
 public:
  // `t` is read by the answers below: it must outlive them.
  Replies(const TowerMap& t, Side mover, Colour tower, int least_rank) : t_(t), mover_(mover), tower_(tower), least_(least_rank) {
    lifted_ = t.occupied ^ bit(t.square[index(mover)][tower]);
    Bitboard theirs = 0;
    std::uint8_t colour_on[64];  // read only on the opponent's squares, `theirs`
    for (int a = 0; a < kColours; ++a) {
      const Square at = t.square[index(~mover)][a];
      theirs |= bit(at);
      colour_on[at] = std::uint8_t(a);
    }
    for (int c = 0; c < kColours; ++c) {
      if (c == tower) continue;
      const Bitboard* line = deciding_lines(mover, t.square[index(mover)][c], t.rank[index(mover)][c], least_rank);
      for (int d = 0; d < 3; ++d) {
        const Bitboard on = line[d] & lifted_;
        if (line[d] == ~Bitboard{0} || (on & (on - 1))) continue;                   // never free: no such line, or two towers on it
        if (on && !(on & theirs)) continue;                                         // one of the mover's own towers is on it
        const std::uint8_t by = on ? colour_on[std::countr_zero(on)] : kAnyAnswer;  // the answering tower it needs to leave
        const Bitboard wins = kColourSquares[c] & ~line[d];
        lines_[count_++] = {line[d], wins, by};
        on_[by] |= line[d];
        wins_[by] |= wins;
      }
    }
  }

  Colour tower() const { return tower_; }

  // After the step to `to`, where the opponent's tower it designates (T2) may land and hand the
  // mover's tower of that square's colour a win at once: the answers that lose, but for those
  // onto the opponent's goal row, which end the round first (M7).
  Bitboard winning_after(Square to) const {
    const Colour answer = colour_of(to);  // T2
    Bitboard winning = wins_[kAnyAnswer] | wins_[answer];
    if ((on_[kAnyAnswer] | on_[answer]) & bit(to)) {  // the stepped tower stands on one of those lines
      winning = 0;
      for (std::uint8_t i = 0; i < count_; ++i)
        if ((lines_[i].by == kAnyAnswer || lines_[i].by == answer) && !(lines_[i].line & bit(to))) winning |= lines_[i].wins;
    }
    // The stepped tower's own lines, from where it stands now, on the board the answer left.
    const Bitboard left = lifted_ ^ bit(to) ^ bit(t_.square[index(~mover_)][answer]);
    return winning | (kColourSquares[tower_] & ~meet_of_free_lines(deciding_lines(mover_, to, t_.rank[index(mover_)][tower_], least_), left));
  }

 private:
  static constexpr std::uint8_t kAnyAnswer = 8;
  struct Line {
    Bitboard line, wins;  // a line, and the squares it wins on when free
    std::uint8_t by;      // kAnyAnswer, or the colour of the answering tower it needs
  };
  const TowerMap& t_;
  Side mover_;
  Colour tower_;
  int least_;
  Bitboard lifted_;  // the board without the mover's tower
  Line lines_[21];
  std::uint8_t count_ = 0;
  Bitboard on_[9] = {}, wins_[9] = {};  // by kAnyAnswer or answering colour: the union of the lines, and of their wins
};

// The lines to the goal row of the towers of one side that may be free two plies later, found
// once at a node for the look ahead of each of its children (below): those that can win at once
// (deciding_lines) and hold here at most one tower of each side. A child's board has one tower
// more on a line (the step's), and its look lifts one tower of each side (the child's mover's,
// and the answering one), so no other line can be free for any child; and a line is weighed
// only where the towers on it are the ones lifted.
struct LineSet {
  static constexpr int kNone = kColours;  // no tower of that side on the line
  Bitboard line[24], wins[24];            // a line, and the squares of its tower's colour off it (T2)
  // Bit i for line i: by the colour of the side's own tower on it, of the opponent's tower on it
  // (kNone: none), and of its tower.
  std::uint32_t by_own[kColours + 1] = {}, by_opponent[kColours + 1] = {}, of_tower[kColours] = {};

  // `occupied`: the board the children's boards differ from by one step.
  LineSet(const TowerMap& t, Side side, int least_rank, Bitboard occupied) {
    Bitboard own = 0;
    std::uint8_t colour_on[64];  // read only on the towers' squares
    for (int c = 0; c < kColours; ++c) {
      own |= bit(t.square[index(side)][c]);
      colour_on[t.square[index(side)][c]] = colour_on[t.square[index(~side)][c]] = std::uint8_t(c);
    }
    int n = 0;
    for (int c = 0; c < kColours; ++c) {
      const Bitboard* lines = deciding_lines(side, t.square[index(side)][c], t.rank[index(side)][c], least_rank);
      for (int d = 0; d < 3 && lines != kNoLines; ++d) {
        const Bitboard on = lines[d] & occupied, ours = on & own, theirs = on & ~own;
        if (lines[d] == ~Bitboard{0} || (ours & (ours - 1)) || (theirs & (theirs - 1))) continue;
        line[n] = lines[d], wins[n] = kColourSquares[c] & ~lines[d];
        by_own[ours ? colour_on[std::countr_zero(ours)] : kNone] |= 1u << n;
        by_opponent[theirs ? colour_on[std::countr_zero(theirs)] : kNone] |= 1u << n;
        of_tower[c] |= 1u << n;
        ++n;
      }
    }
  }
};

// The lines of `lines` that may be free after the step of the tower (side, tower): those with
// none of the side's towers on them but that one, and not its own (it leaves their square).
inline std::uint32_t lines_after_step(const LineSet& lines, Colour tower) {
  return (lines.by_own[LineSet::kNone] | lines.by_own[tower]) & ~lines.of_tower[tower];
}

// After the step of the tower (mover, tower) to `to`, on the board `left` where the opponent's
// tower it designates (T2) has left its square to answer: the squares where that answer hands
// a tower of the mover a win at once (M7). Each free line wins on the squares of its tower's
// colour off itself (meet_of_free_lines): the stepped tower's lines from `to`, and those of
// `alive` (lines_after_step) with no opponent's tower on them but the answering one.
inline Bitboard answers_that_lose(const LineSet& lines, std::uint32_t alive, const TowerMap& t, Side mover, Colour tower, Square to, Bitboard left,
                                  int least_rank) {
  Bitboard losing = kColourSquares[tower] & ~meet_of_free_lines(deciding_lines(mover, to, t.rank[index(mover)][tower], least_rank), left);
  for (std::uint32_t m = alive & (lines.by_opponent[LineSet::kNone] | lines.by_opponent[colour_of(to)]); m; m &= m - 1) {
    const int i = std::countr_zero(m);
    losing |= (lines.line[i] & left) ? 0 : lines.wins[i];
  }
  return losing;
}

// After the step of the tower (mover, tower) to `to` (a step of `lines`' board, its LineSet of
// the mover), how many answers the opponent's tower has that leave the mover no win at once
// with a tower of rank >= least_rank, or -1 when that is not weighed here: the answer is a
// Sumo's (which might push, S2) or a pass (M6). 0 is a win for the mover in three plies: his
// step, any answer, his win at once. An answer onto the opponent's goal row ends the round, and
// is counted quiet (above).
inline int quiet_answers(const LineSet& lines, std::uint32_t alive, const TowerMap& t, Side mover, Colour tower, Square to, int least_rank) {
  const Side opponent = ~mover;
  const Colour answer = colour_of(to);  // T2
  if (t.rank[index(opponent)][answer] != 0) return -1;
  const Square from = t.square[index(opponent)][answer];
  const Bitboard stepped = t.occupied ^ bit(t.square[index(mover)][tower]) ^ bit(to);
  const Bitboard answers = step_targets_by_lines(opponent, from, 0, stepped);
  if (!answers) return -1;
  const Bitboard losing = answers_that_lose(lines, alive, t, mover, tower, to, stepped ^ bit(from), least_rank);
  return popcount(answers & ~(losing & ~goal_row(opponent)));
}
inline int quiet_answers(const TowerMap& t, Side mover, Colour tower, Square to, int least_rank) {
  const LineSet lines(t, mover, least_rank, t.occupied);
  return quiet_answers(lines, lines_after_step(lines, tower), t, mover, tower, to, least_rank);
}

// What a look two plies ahead says of the steps to `targets` (quiet ones: the others lose at
// once) of the tower (mover, tower): whether one of them wins in three plies (quiet_answers 0),
// and else the fewest quiet answers any of them leaves, 0 if none was weighed. `lines` are the
// mover's LineSet on this board, or on its parent's with the step's tower lifted.
struct LookAhead {
  bool wins_in_three;
  int fewest_answers;
};
inline LookAhead look_ahead(const LineSet& lines, const TowerMap& t, Side mover, Colour tower, Bitboard targets, int least_rank) {
  const std::uint32_t alive = lines_after_step(lines, tower);
  int fewest = 64;
  for (Bitboard b = targets & ~goal_row(mover); b;) {
    const int quiet = quiet_answers(lines, alive, t, mover, tower, pop_lsb(b), least_rank);
    if (quiet == 0) return {true, 0};
    if (quiet > 0) fewest = std::min(fewest, quiet);
  }
  return {false, fewest == 64 ? 0 : fewest};
}
inline LookAhead look_ahead(const TowerMap& t, Side mover, Colour tower, Bitboard targets, int least_rank) {
  return look_ahead(LineSet(t, mover, least_rank, t.occupied), t, mover, tower, targets, least_rank);
}

}  // namespace kamisado
