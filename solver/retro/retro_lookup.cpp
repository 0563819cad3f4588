#include "solver/retro/retro_lookup.h"

#include <algorithm>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

std::optional<RetroValue> RetroLookup::probe(const Position& pos) const {
  const RoundFrame& f = frame();
  if (pos.match() != f.match() || round_winner(pos)) return std::nullopt;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (pos.rank_of_tower(s, Colour(c)) != f.rank(s, Colour(c))) return std::nullopt;
  return value_of(f.canonical_key(pos));
}

MoveOutcome move_outcome(const RetroValues& table, const Position& parent, const Position& child) {
  Side mover = parent.side_to_move();
  if (auto winner = round_winner(child)) return {true, *winner == mover, 1};
  const std::optional<RetroValue> v = table.value_of_child(child, table.frame().canonical_key(child));
  if (!v || v->distance == 0) return {};
  // After a push the pusher moves again (S4), so the child's side to move is the mover.
  bool same_side = child.side_to_move() == mover;
  return {true, v->win == same_side, v->distance + 1};
}

std::optional<RetroValue> value_from_children(const RetroValues& table, const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  int fastest_win = 0, longest_loss = 0;
  for (Move m : moves) {
    MoveOutcome o = move_outcome(table, pos, pos.after(m));
    if (!o.known) return std::nullopt;
    if (o.mover_wins)
      fastest_win = fastest_win == 0 ? o.distance : std::min(fastest_win, o.distance);
    else
      longest_loss = std::max(longest_loss, o.distance);
  }
  if (fastest_win) return RetroValue{true, fastest_win};
  return RetroValue{false, longest_loss};
}

std::vector<Move> optimal_moves(const RetroLookup& table, const Position& pos) {
  std::optional<RetroValue> value = table.probe(pos);
  if (!value) return {};
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<Move> best;
  for (Move m : moves) {
    MoveOutcome o = move_outcome(table, pos, pos.after(m));
    if (o.known && o.mover_wins == value->win && o.distance == value->distance) best.push_back(m);
  }
  return best;
}

}  // namespace kamisado::solver
