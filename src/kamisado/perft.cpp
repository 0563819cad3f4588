#include "kamisado/perft.h"

#include "kamisado/movegen.h"

namespace kamisado {

namespace {

std::uint64_t leaves_below(const Position& child, int depth);

// The last two plies at once. For a step of the designated tower, the child's move count is
// the popcount of the opponent's designated tower's targets on the new occupancy; the child
// is built only when that shortcut does not hold: a home-row win, a Sumo that might push, a
// blocked reply (pass or deadlock), and anything in a match or on a free first move.
std::uint64_t perft2(const Position& pos) {
  if (pos.turn() != Turn::Designated || pos.match().is_match() || pos.outcome().over()) {
    MoveList moves;
    generate_moves(pos, moves);
    std::uint64_t n = 0;
    for (Move m : moves) n += leaves_below(pos.after(m), 1);
    return n;
  }
  Side s = pos.side_to_move();
  Colour c = pos.designated();
  Square from = pos.square_of(s, c);
  Bitboard steps = step_targets(pos, s, c);
  std::uint64_t n = 0;
  if (Bitboard push = push_target(pos, s, c)) n += leaves_below(pos.after(Move::push(from, lsb(push))), 1);
  if (!steps && !n) return leaves_below(pos.after(Move::pass(from)), 1);
  Bitboard occupied_without = pos.occupied() ^ bit(from);
  for (Bitboard b = steps; b;) {
    Square to = pop_lsb(b);
    if (rank_of(to) == goal_rank(s)) {  // M7: a leaf
      ++n;
      continue;
    }
    Colour reply = colour_of(to);  // T2
    Square reply_from = pos.square_of(~s, reply);
    if (pos.rank_of_tower(~s, reply) == 0) {
      Bitboard replies = tower_targets<Bitboard>(bit(reply_from), ~(occupied_without | bit(to)), ~s,
                                                 rank_of(reply_from), 0);
      if (replies) {  // the reply tower can move, so there is no pass and no deadlock (M6, M8)
        n += std::uint64_t(popcount(replies));
        continue;
      }
    }
    n += leaves_below(pos.after(Move::step(from, to)), 1);
  }
  return n;
}

std::uint64_t leaves_below(const Position& child, int depth) {
  return child.outcome().over() ? 1 : perft(child, depth);
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return std::uint64_t(count_moves(pos));
  if (depth == 2) return perft2(pos);
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += leaves_below(pos.after(m), depth - 1);
  return nodes;
}

std::vector<DivideEntry> divide(const Position& pos, int depth) {
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<DivideEntry> out;
  out.reserve(moves.size());
  for (Move m : moves) out.push_back({m, leaves_below(pos.after(m), depth - 1)});
  return out;
}

}  // namespace kamisado
