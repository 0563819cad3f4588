// Move generation: which moves the side to move may make (rules.md T1–T2, M1–M6, S1–S5, F1).
//
// The hot path is count_moves(), used for bulk counting at perft's last ply: a popcount of the
// designated tower's targets, with no list built.
#pragma once

#include <array>

#include "src/kamisado/bitboard.h"
#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado {

// M1–M4, S1: the squares the tower (s, c) may step to.
// Inline: every expansion of the proof search calls it.
inline Bitboard step_targets(const Position& pos, Side s, Colour c) {
  return tower_targets<Bitboard>(pos.square_of(s, c), ~pos.occupied(), s, pos.rank_of_tower(s, c));
}

// S2: the square the Sumo (s, c) moves to if it may push, else 0.
Bitboard push_target(const Position& pos, Side s, Colour c);

// S2.3: the towers of `side` with a rank strictly below `rank`: what an opposing tower of that
// rank may push.
Bitboard towers_below_rank(const Position& pos, Side side, int rank);

namespace detail {
// The (up to three) squares directly ahead of each square for each side (M1).
constexpr std::array<std::array<Bitboard, 64>, 2> make_step_masks() {
  std::array<std::array<Bitboard, 64>, 2> t{};
  for (Side s : {Side::Black, Side::Gold})
    for (int sq = 0; sq < 64; ++sq)
      for (const Direction& d : kForward[index(s)]) t[index(s)][sq] |= shift(bit(Square(sq)), d);
  return t;
}
inline constexpr auto kStepMask = make_step_masks();
}  // namespace detail

// M6, S5: the tower has a step or a push. A tower of any rank that can step can step one square
// (every range is at least 1), so only the three squares ahead need looking at. Inline: every
// step made asks it of the next designated tower (M8).
inline bool can_act(const Position& pos, Side s, Colour c) {
  if (detail::kStepMask[index(s)][pos.square_of(s, c)] & ~pos.occupied()) return true;
  return push_target(pos, s, c) != 0;
}

// The steps of the tower on `from` to each of `targets`, in square order, as generate_moves
// lists them.
inline void add_steps(Square from, Bitboard targets, MoveList& out) {
  for (Bitboard b = targets; b;) out.push_back(Move::step(from, pop_lsb(b)));
}

// Every legal move, in a fixed order (towers by square, then targets by square, then a push,
// then pass). Empty exactly when the game is over: a forced pass is a move (M6).
void generate_moves(const Position& pos, MoveList& out);

// generate_moves(pos).size(), without building the list.
int count_moves(const Position& pos);

}  // namespace kamisado
