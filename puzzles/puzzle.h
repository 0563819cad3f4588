// A puzzle as a collection keeps it: where it comes from, its solution and what it shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/key_analysis.h"

namespace kamisado::puzzles {

struct Puzzle {
  std::string kfen;                 // the position, as reached in play
  std::string canonical;            // the least of its images under the board's symmetries (B3): one puzzle per class
  std::string kind;                 // "single" or "match"
  std::string source;               // the game that reached it, e.g. "greedy self-play, seed 12"
  std::vector<std::string> prefix;  // the moves from the game's start that reach it
  KeyAnalysis analysis;
  int legal_moves = 0;         // first moves to choose from
  int tempting = 0;            // traps: first moves that look as good as the key a few plies deep (features.h)
  std::size_t proof_size = 0;  // positions in the certificate (certificate.h)
  std::vector<std::string> themes;
  double difficulty = 0;
};

}  // namespace kamisado::puzzles
