// kamisado puzzles solve, as a library call (the Python module's too): a position's key analysis
// (key_analysis.h) within a table size and a time, and the puzzle added to a collection if asked.
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>

#include "puzzles/key_analysis.h"
#include "src/kamisado/position.h"

namespace kamisado::puzzles {

struct PuzzleRequest {
  std::size_t hash_mb = 64;
  double seconds = 0;                       // 0: no limit
  std::string add;                          // a collection to add it to (made if missing), or none
  const std::atomic<bool>* stop = nullptr;  // raised: throws Stopped
};

struct SolvedPuzzle {
  std::optional<KeyAnalysis> analysis;  // none: the side to move does not win the round
  std::optional<bool> added;            // with `add`: true if added, false if the collection held it (or an image)
};

// Throws InputError if the round is over at `pos`, or if asked to add a position that is no
// puzzle (not a win for the side to move, more than one key, fewer than two legal moves);
// Stopped, naming the time, if the time ran out.
SolvedPuzzle solve_puzzle(const Position& pos, const PuzzleRequest& r);

}  // namespace kamisado::puzzles
