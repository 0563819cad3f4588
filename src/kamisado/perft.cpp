#include "kamisado/perft.h"

#include "kamisado/movegen.h"

namespace kamisado {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return std::uint64_t(count_moves(pos));
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    Position child = pos.after(m);
    nodes += child.outcome().over() ? 1 : perft(child, depth - 1);
  }
  return nodes;
}

std::vector<DivideEntry> divide(const Position& pos, int depth) {
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<DivideEntry> out;
  out.reserve(moves.size());
  for (Move m : moves) {
    Position child = pos.after(m);
    out.push_back({m, child.outcome().over() ? 1 : perft(child, depth - 1)});
  }
  return out;
}

}  // namespace kamisado
