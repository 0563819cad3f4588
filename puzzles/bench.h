// `kamisado puzzles bench`: the generator's rate on this machine. For each N from 1 to max_n it
// generates `count` single-round puzzles into an empty scratch collection and times it, then
// `sumo_count` win-in-2 puzzles with a sumo-push or extra-turn theme from Marathon rounds.
// Target: at least 100 accepted puzzles a minute for N <= 3 (single rounds).
// With a collection (a published folder, publish.h), the report also shows how its difficulty
// spreads over N (app/present/difficulty_plot.h): a table in the report and an SVG plot next to it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/store.h"
#include "src/io/progress.h"

namespace kamisado::puzzles {

constexpr double kTargetPuzzlesPerMinute = 100;

struct PuzzleBenchOptions {
  int count = 40, sumo_count = 10, max_n = 5;
  std::uint64_t seed = 1;
  std::string collection;                            // a published collection's folder to report on, or empty
  int collection_per_n = 30, collection_max_n = 10;  // its target: this many for each N = 1..max_n
};

struct PuzzleBenchRow {
  std::string what;
  bool single = true;  // single-round puzzles (the target's), not Sumo ones
  int n = 0, accepted = 0;
  std::uint64_t games = 0, tried = 0;
  double seconds = 0;
  double per_minute() const { return seconds > 0 ? accepted / (seconds / 60) : 0; }
};

struct PuzzleBench {
  PuzzleBenchOptions options;
  std::vector<PuzzleBenchRow> rows;
  std::vector<StoredPuzzle> collection;  // options.collection's puzzles
  bool target_met() const;
};

PuzzleBench bench_puzzles(const PuzzleBenchOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::puzzles
