// Small helpers shared by the tests.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/position.h"

namespace kamisado::test {

inline std::vector<std::string> move_names(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_string(m));
  return out;
}

// Plays moves given in notation, failing the test (by exception) on an illegal one.
inline Position play_moves(Position pos, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) pos = pos.after(parse_move(pos, m));
  return pos;
}

// A position reached by up to `plies` random moves from `start`, stopping before the game ends.
inline Position random_position(std::uint32_t seed, int plies, Position start = Position::initial()) {
  std::mt19937 rng(seed);
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_moves(start, moves);
    Position next = start.after(moves[rng() % moves.size()]);
    if (next.outcome().over()) break;
    start = next;
  }
  return start;
}

}  // namespace kamisado::test
