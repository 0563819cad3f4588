// The rules of rules.md written declaratively for Z3, independently of the engine: this file
// never calls engine code. It has its own copy of the board colouring (B3) and of the ranges
// (S1), and says what is legal square by square, as the rulebook does.
#pragma once

#include <array>

#include <z3++.h>

#include "src/kamisado/board.h"
#include "src/verify/z3_word.h"

namespace kamisado::verify::spec {

// B3, rank 1 first, colour indices in the order N G R Y K P B O (B2).
extern const std::array<std::array<int, 8>, 8> kColour;
// S1: range by tower rank.
constexpr int kRange[5] = {7, 5, 3, 1, 1};

// B3 for a symbolic square (a 6-bit index): its colour as a 3-bit value, from kColour.
z3::expr colour_of(z3::context& ctx, const z3::expr& square);

// M6 for a plain tower (range 7, no push) of `side` (0 Black, 1 Gold) on the symbolic square
// `q`, not on its opponent's home row: it cannot move when each square straight and
// diagonally ahead is occupied or off the board. `occupied_at(q')` says whether q' is taken.
template <class OccupiedAt>
z3::expr plain_tower_blocked(z3::context& ctx, int side, const z3::expr& q, OccupiedAt occupied_at) {
  z3::expr file = q.extract(2, 0);
  int ahead = side == 0 ? 8 : -8;
  z3::expr straight = occupied_at(q + ctx.bv_val(ahead & 63, 6));
  z3::expr left = (file == ctx.bv_val(side == 0 ? 0 : 7, 3)) || occupied_at(q + ctx.bv_val((side == 0 ? 7 : -7) & 63, 6));
  z3::expr right = (file == ctx.bv_val(side == 0 ? 7 : 0, 3)) || occupied_at(q + ctx.bv_val((side == 0 ? 9 : -9) & 63, 6));
  return straight && left && right;
}

// M1–M4, S1: the squares a tower of `tower_rank` on `from` reaches, given the occupied squares:
// a square t is reached when it lies straight or diagonally ahead within range and it and every
// square between are empty.
Word targets(const Word& occupied, int from_file, int from_rank, Side side, int tower_rank);

// S2 for one column: the squares straight ahead of a pusher, nearest first. For each: is it on
// the board, is it occupied, by an opponent, and with what rank (a 3-bit value).
struct ColumnSquare {
  bool on_board;
  z3::expr occupied, opponent, rank;
};
// S2: the number of towers a Sumo of `pusher_rank` pushes (0 when it cannot push), as an
// integer-valued expression, read straight off conditions 1–4.
z3::expr pushed_count(z3::context& ctx, const std::array<ColumnSquare, 4>& column, int pusher_rank);

}  // namespace kamisado::verify::spec
