#include "solver/retro/retro_table.h"

#include <algorithm>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

RetroTable::RetroTable(std::string root_kfen, const Position& root, std::vector<RetroEntry> entries)
    : root_kfen_(std::move(root_kfen)), root_(root), frame_(RoundFrame::of(root)), entries_(std::move(entries)) {}

std::int64_t RetroTable::find(RetroKey canonical) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), canonical, [](const RetroEntry& e, const RetroKey& k) { return e.key() < k; });
  if (it == entries_.end() || it->key() != canonical) return -1;
  return it - entries_.begin();
}

std::optional<RetroValue> RetroTable::probe(const Position& pos) const {
  if (pos.match() != frame_.match() || round_winner(pos)) return std::nullopt;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      if (pos.rank_of_tower(s, Colour(c)) != frame_.rank(s, Colour(c))) return std::nullopt;
  std::int64_t i = find(frame_.canonical_key(pos));
  if (i < 0) return std::nullopt;
  return entries_[std::size_t(i)].value();
}

MoveOutcome move_outcome(const RetroTable& table, const Position& parent, const Position& child) {
  Side mover = parent.side_to_move();
  if (auto winner = round_winner(child)) return {true, *winner == mover, 1};
  std::int64_t i = table.find(table.frame().canonical_key(child));
  if (i < 0) return {};
  RetroValue v = table.entries()[std::size_t(i)].value();
  if (v.distance == 0) return {};
  // After a push the pusher moves again (S4), so the child's side to move is the mover.
  bool same_side = child.side_to_move() == mover;
  return {true, v.win == same_side, v.distance + 1};
}

std::optional<RetroValue> value_from_children(const RetroTable& table, const Position& pos) {
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

std::vector<Move> optimal_moves(const RetroTable& table, const Position& pos) {
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
