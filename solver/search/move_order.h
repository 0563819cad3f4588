// The order in which df-pn makes a node's children: the moves that end nearer the mover's goal
// row (M7) first. The search takes the first of the children with the least proof number, so the
// order breaks its ties towards the moves that threaten soonest; it decides which proof is found,
// never whether one is.
//
// Written twice on purpose, for speed (docs/solver.md, "What a node costs"): most nodes' moves are
// one designated tower's steps, made straight in this order (add_steps_nearest_first); the other
// moves (a round's free first move, pushes, a pass, fills) are generated and then sorted
// (order_by_advance). tests/test_move_order.cpp holds the two to the same order.
#pragma once

#include <cstddef>

#include "src/kamisado/bitboard.h"
#include "src/kamisado/movegen.h"

namespace kamisado::solver {

// How far the move's tower ends from the mover's goal row; 8 for a move that is not a step
// (a push, a pass or a fill), kept after the steps.
inline int rows_left(Move m, Side mover) {
  if (m.kind() != MoveKind::Step) return 8;
  const int r = rank_of(m.to()), g = goal_rank(mover);
  return r > g ? r - g : g - r;
}

// Sorts `children` (anything with a `move`) nearest the goal row first, keeping the order of the
// others: an insertion sort, since a node has a dozen children.
template <class C>
void order_by_advance(C* children, std::size_t count, Side mover) {
  for (std::size_t i = 1; i < count; ++i) {
    C held = children[i];
    const int key = rows_left(held.move, mover);
    std::size_t j = i;
    for (; j > 0 && rows_left(children[j - 1].move, mover) > key; --j) children[j] = children[j - 1];
    children[j] = held;
  }
}

// The steps of the tower on `from` to `targets`, in the order order_by_advance puts them in: the
// rows nearest the mover's goal row first, each row's squares in the order of the board. Towards
// row 1 that is the board's own order; towards row 8, row by row from the top.
inline void add_steps_nearest_first(Square from, Bitboard targets, Side mover, MoveList& out) {
  if (goal_rank(mover) == 0) return add_steps(from, targets, out);
  for (int r = 7; r >= 0; --r) add_steps(from, targets & rank_squares(r), out);
}

}  // namespace kamisado::solver
