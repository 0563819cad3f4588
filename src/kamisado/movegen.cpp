#include "src/kamisado/movegen.h"

#include <array>

namespace kamisado {

namespace {

void add_tower_moves(const Position& pos, Side s, Colour c, bool pushes_allowed, MoveList& out) {
  Square from = pos.square_of(s, c);
  add_steps(from, step_targets(pos, s, c), out);
  if (pushes_allowed && pos.rank_of_tower(s, c) > 0)  // only a Sumo pushes (S2)
    if (Bitboard p = push_target(pos, s, c)) out.push_back(Move::push(from, lsb(p)));
}

}  // namespace

Bitboard towers_below_rank(const Position& pos, Side side, int rank) { return towers_below(pos.towers_by_rank(side), rank); }

Bitboard push_target(const Position& pos, Side s, Colour c) {
  int rank = pos.rank_of_tower(s, c);
  if (rank == 0) return 0;
  return kamisado::push_target<Bitboard>(bit(pos.square_of(s, c)), ~pos.occupied(), towers_below_rank(pos, ~s, rank), s, rank);
}

void generate_moves(const Position& pos, MoveList& out) {
  if (pos.outcome().over()) return;
  Side s = pos.side_to_move();
  switch (pos.turn()) {
    case Turn::BetweenRounds:  // F1: the Defender's choice
      out.push_back(Move::fill(FillSide::Left));
      out.push_back(Move::fill(FillSide::Right));
      return;
    case Turn::FreeChoice:  // T1; S5: no push on the free first move
      for (Bitboard b = pos.towers(s); b;) add_tower_moves(pos, s, pos.tower_on(pop_lsb(b))->colour, false, out);
      return;
    case Turn::Designated:  // T2, M5
      add_tower_moves(pos, s, pos.designated(), true, out);
      if (out.empty()) out.push_back(Move::pass(pos.square_of(s, pos.designated())));  // M6
      return;
  }
}

int count_moves(const Position& pos) {
  if (pos.outcome().over()) return 0;
  Side s = pos.side_to_move();
  switch (pos.turn()) {
    case Turn::BetweenRounds: return 2;
    case Turn::FreeChoice: {
      int n = 0;
      for (int c = 0; c < kColours; ++c) n += popcount(step_targets(pos, s, Colour(c)));
      return n;
    }
    case Turn::Designated: {
      Colour c = pos.designated();
      int n = popcount(step_targets(pos, s, c)) + (push_target(pos, s, c) ? 1 : 0);
      return n ? n : 1;
    }
  }
  return 0;
}

}  // namespace kamisado
