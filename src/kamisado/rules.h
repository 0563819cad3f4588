// The rules that decide how a round ends and how the next one starts: deadlock (M8), the ring
// and its points (P2), the end of a match (P3) and regrouping (F1–F3). Position::after applies
// them; they are here, apart from move generation, because each is a rule of its own.
#pragma once

#include <array>
#include <cstdint>

#include "kamisado/board.h"
#include "kamisado/move.h"
#include "kamisado/movegen.h"
#include "kamisado/position.h"

namespace kamisado {

// The number of forced passes that follow before someone can act (M9), or -1 on a deadlock.
int pass_chain_length(const Position& pos, Side side, Colour colour);

// M8: starting with `side` having to move its tower `colour`, follow T2 and M6 through the
// forced passes. Returns true if the chain never ends: it revisits a (player, colour) pair.
// There are 16 such pairs, so the walk takes at most 17 steps. Inline, with the common case
// first: every step asks it, and nearly always the designated tower can act at once.
inline bool chain_deadlocks(const Position& pos, Side side, Colour colour) {
  return !can_act(pos, side, colour) && pass_chain_length(pos, side, colour) < 0;
}

// How the round ended if the real move `m` ends it (M7, M8), else an outcome with Ending::None.
// In a match Position::after goes straight on to the between-rounds state; this says how.
Outcome round_outcome(const Position& before, Move m);

// P2: the points a ring placed on a tower of rank `old_rank` scores.
constexpr std::uint32_t ring_points(int old_rank) { return std::uint32_t{1} << old_rank; }

// F3: where one player's towers stand on his home row after regrouping towards `fill`, read
// from his own seat (F2). Returns the square of each of his towers, indexed by colour.
std::array<Square, 8> regrouped_squares(const Position& pos, Side player, FillSide fill);

}  // namespace kamisado
