// A second, independent solver for cross-checking df-pn: plain full-depth alpha-beta over
// distance scores, with its own small code. It shares only the move generator and the rules of
// a round's end with the rest of the solver.
//
// A score is for the side to move: kMate - p for a win p plies from the search's root, and its
// negation for a loss. The game always ends (rules.md §2), so the search runs to the end of every
// line with no depth limit; the table stores scores relative to their own node, as chess engines
// store mate scores, so that they stay right wherever the position is met again.
#pragma once

#include <cstdint>
#include <optional>

#include "src/kamisado/position.h"

namespace kamisado::solver {

struct AlphaBetaResult {
  bool win = false;  // for the side to move
  int plies = 0;     // exact distance to the end of the round with best play
  std::uint64_t nodes = 0;
};

// nullopt when the search needs more than `max_nodes` nodes.
std::optional<AlphaBetaResult> alphabeta_solve(const Position& root, std::uint64_t max_nodes = 200'000'000);

}  // namespace kamisado::solver
