// Finding puzzles in play: seeded self-play games (single rounds from the start, or Marathon
// matches for rounds with Sumos; a few random plies to open, then the greedy players), every
// position they reach near a round's end tried as a
// "win in N" with a unique key. Only positions reached in play become puzzles, so each is legal
// and reachable; the moves that reach it are kept.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "puzzles/puzzle.h"

namespace kamisado::puzzles {

struct GenerateOptions {
  int count = 10;
  int n = 2;                        // win in exactly n moves of the winner
  std::uint64_t seed = 1;
  bool match = false;               // positions from Marathon match rounds instead of single rounds
  std::vector<std::string> themes;  // if not empty, a puzzle must show one of these
  bool no_duals = false;            // refuse puzzles with duals
  std::size_t hash_mb = 32;
};

struct GenerateProgress {
  int accepted = 0;
  std::uint64_t games = 0, tried = 0;  // games played, positions analysed
  bool exhausted = false;  // 100 000 games in a row brought no new position: stopped short
};

// `accept` stores a puzzle and says whether it was new; generation stops after `count` new ones,
// or when `stop` is raised. Returns the last progress.
GenerateProgress generate(const GenerateOptions& options, const std::function<bool(const Puzzle&)>& accept,
                          const std::function<void(const GenerateProgress&)>& progress = {},
                          const std::atomic<bool>* stop = nullptr);

// The KFEN of the least image of `pos` under the symmetries of its round (B3).
std::string canonical_kfen(const Position& pos);

}  // namespace kamisado::puzzles
