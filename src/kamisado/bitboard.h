// Bitboards: one bit per square (bit i = square i, see board.h), and the sliding and pushing
// primitives of rules.md M1–M4, S1–S2.
//
// Every primitive is a template over the word type W. The engine instantiates it on
// std::uint64_t; the rules checker (src/verify) instantiates the very same code on a Z3
// bit-vector expression, so its proofs are about the code that runs, not a copy of it. A word
// type plugs in through WordOps<W>: literal constants, and logical shifts. Bitwise & | ~ are
// used directly. The code is branch-free in W: no comparisons on words, no table lookups
// indexed by a word, only shifts and masks (Kogge-Stone fills).
#pragma once

#include <bit>
#include <cstdint>

#include "src/kamisado/board.h"

namespace kamisado {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard rank_squares(int rank) { return Bitboard{0xFF} << (8 * rank); }
// M7: the row a side's towers race to, the opponent's home row.
constexpr Bitboard goal_row(Side s) { return rank_squares(goal_rank(s)); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_msb(Bitboard& b) {
  Square s = msb(b);
  b ^= bit(s);
  return s;
}

template <class W>
struct WordOps;

template <>
struct WordOps<Bitboard> {
  static constexpr Bitboard lift(const Bitboard&, Bitboard value) { return value; }
  static constexpr Bitboard shl(const Bitboard& w, unsigned n) { return w << n; }
  static constexpr Bitboard shr(const Bitboard& w, unsigned n) { return w >> n; }
};

// One of a side's three forward directions (M1). `up` means towards rank 8. `guard` keeps the
// squares a one-step shift may land on without wrapping round the board's edge.
struct Direction {
  bool up;
  unsigned step;
  Bitboard guard;
};

// Index 0 is straight ahead: the only direction a push goes (S2).
constexpr Direction kForward[2][3] = {
    {{true, 8, ~Bitboard{0}}, {true, 9, ~kFileA}, {true, 7, ~kFileH}},    // Black: N, NE, NW
    {{false, 8, ~Bitboard{0}}, {false, 7, ~kFileA}, {false, 9, ~kFileH}}  // Gold: S, SE, SW
};

template <class W>
constexpr W shift_by(const W& b, const Direction& d, unsigned steps) {
  using Ops = WordOps<W>;
  return d.up ? Ops::shl(b, d.step * steps) : Ops::shr(b, d.step * steps);
}

// One step in direction d, dropping what would fall off the board or wrap round an edge.
template <class W>
constexpr W shift(const W& b, const Direction& d) {
  return shift_by(b, d, 1) & WordOps<W>::lift(b, d.guard);
}

// Kogge-Stone occluded fill: every square reachable from `gen` through squares of `open`,
// the start squares included. The direction is a template argument so that each of the six
// fills compiles to straight-line shifts and masks.
template <Direction D, class W>
constexpr W occluded_fill(W gen, W open) {
  open = open & WordOps<W>::lift(open, D.guard);
  gen = gen | (open & shift_by(gen, D, 1));
  open = open & shift_by(open, D, 1);
  gen = gen | (open & shift_by(gen, D, 2));
  open = open & shift_by(open, D, 2);
  gen = gen | (open & shift_by(gen, D, 4));
  return gen;
}

// M2–M3: the empty squares a tower on `from` reaches along D before the first occupied one.
// Only the squares on the tower's own line are looked at, which is M4.
template <Direction D, class W>
constexpr W slide_targets(const W& from, const W& empty) {
  return shift(occluded_fill<D>(from, empty), D) & empty;
}

// S1: how far a tower of each rank moves.
constexpr int kRangeOfRank[5] = {7, 5, 3, 1, 1};

// The squares at most `range` ranks ahead of a square on `from_rank`, for `side`.
constexpr Bitboard range_mask(Side side, int from_rank, int range) {
  Bitboard m = 0;
  for (int step = 1; step <= range; ++step) {
    int r = side == Side::Black ? from_rank + step : from_rank - step;
    if (r >= 0 && r < 8) m |= rank_squares(r);
  }
  return m;
}

namespace detail {
struct RangeMasks {
  Bitboard mask[2][64][5];  // [side][square][tower rank]
};
constexpr RangeMasks make_range_masks() {
  RangeMasks t{};
  for (Side s : {Side::Black, Side::Gold})
    for (int sq = 0; sq < 64; ++sq)
      for (int k = 0; k < 5; ++k) t.mask[index(s)][sq][k] = range_mask(s, rank_of(Square(sq)), kRangeOfRank[k]);
  return t;
}
}  // namespace detail
// S1: where the range of a tower of each rank on each square lets it go.
inline constexpr detail::RangeMasks kRangeMasks = detail::make_range_masks();

template <Side S, class W>
constexpr W forward_targets(const W& from, const W& empty) {
  constexpr const Direction* d = kForward[index(S)];
  return slide_targets<d[0]>(from, empty) | slide_targets<d[1]>(from, empty) | slide_targets<d[2]>(from, empty);
}

// M1–M4, S1: every square the tower on `square` of rank `tower_rank` may move to: the unlimited
// fills, cut to the tower's range. Branch-free whatever the rank.
template <class W>
constexpr W tower_targets(Square square, const W& empty, Side side, int tower_rank) {
  W from = WordOps<W>::lift(empty, bit(square));
  W reach = side == Side::Black ? forward_targets<Side::Black>(from, empty) : forward_targets<Side::Gold>(from, empty);
  return reach & WordOps<W>::lift(empty, kRangeMasks.mask[index(side)][square][tower_rank]);
}

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

// The squares the tower of `side` on `square`, of rank `rank`, may step to on a board whose
// towers stand on `occupied` (M1–M4, S1): the same squares as tower_targets (above, which the
// rules checker proves), found by cutting each line at its first tower instead of by fills.
// Black's lines run towards higher squares, so the first tower is the lowest bit, which two
// instructions isolate. Gold's lines are Black's on the board turned top to bottom (rows
// reversed: a byte swap; its forward directions S, SE, SW become N, NE, NW), so Gold's steps are
// Black's from the mirrored square on the mirrored board, mirrored back: cheaper than finding
// the highest bit of each line (tests/test_threats.cpp compares both with tower_targets on every
// square, side and rank). The search's glimpse of a child (position.h) and its threats
// (threats.h) ask it.
inline Bitboard black_step_targets_by_lines(Square square, Bitboard occupied) {
  const Bitboard(&line)[3] = kLines.line[index(Side::Black)][square];
  Bitboard targets = 0;
  for (int d = 0; d < 3; ++d) {
    const Bitboard blockers = line[d] & occupied;
    targets |= line[d] & ((blockers & (0 - blockers)) - 1);  // no blocker: 0 - 1 keeps the whole line
  }
  return targets;
}
inline Bitboard plain_step_targets_by_lines(Side side, Square square, Bitboard occupied) {
  if (side == Side::Black) return black_step_targets_by_lines(square, occupied);
  return __builtin_bswap64(black_step_targets_by_lines(Square(square ^ 56), __builtin_bswap64(occupied)));
}
inline Bitboard step_targets_by_lines(Side side, Square square, int rank, Bitboard occupied) {
  const Bitboard targets = plain_step_targets_by_lines(side, square, occupied);
  return rank == 0 ? targets : targets & kRangeMasks.mask[index(side)][square][rank];  // a plain tower's range is the board (S1)
}

// S2.3: the towers of one side that a tower of rank `rank` may push: those of strictly lower
// rank. `by_rank[r]` holds that side's towers of rank r.
template <class W>
constexpr W towers_below(const W (&by_rank)[5], int rank) {
  W below = by_rank[0] & WordOps<W>::lift(by_rank[0], 0);
  for (int r = 0; r < rank; ++r) below = below | by_rank[r];
  return below;
}

// S2–S3: a push by the tower on `from` (a single bit) of rank `tower_rank`, whose opponent's
// pushable towers (S2.3, towers_below) are `pushable`. The column of pushable towers straight
// ahead must hold n towers, 1 <= n <= min(rank, 3), followed by an empty square on the board;
// a shift past the edge drops the bit, so "the square beyond exists" needs no test of its own.
// Returns the squares of the pushed towers, or the empty word when no push is legal.
template <class W>
constexpr W push_column(const W& from, const W& empty, const W& pushable, Side side, int tower_rank) {
  const Direction& ahead = kForward[index(side)][0];
  const Direction back{!ahead.up, ahead.step, ahead.guard};
  W pushed = WordOps<W>::lift(from, 0);
  W last = shift(from, ahead) & pushable;  // the furthest tower when n towers are pushed
  int max_pushed = tower_rank < 3 ? tower_rank : 3;
  for (int n = 1; n <= max_pushed; ++n) {
    W beyond = shift(last, ahead) & empty;
    // When the square beyond is free, walking back from it covers the n pushed towers.
    for (int i = 1; i <= n; ++i) pushed = pushed | shift_by(beyond, back, unsigned(i));
    last = shift(last, ahead) & pushable;
  }
  return pushed;
}

// S3: the square the pusher moves to (straight ahead) when a push is legal, else empty.
template <class W>
constexpr W push_target(const W& from, const W& empty, const W& pushable, Side side, int tower_rank) {
  return shift(from, kForward[index(side)][0]) & push_column(from, empty, pushable, side, tower_rank);
}

}  // namespace kamisado
