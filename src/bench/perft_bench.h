// The speed of move generation, as perft on one core (`kamisado bench`, reports/performance.md):
//   single round  perft(depth) from the standard start (target: >= 250 M leaves/s);
//   Sumo-rich     perft(sumo_depth) summed over six match positions full of Sumo, Double and
//                 Triple towers (target: time per leaf within 1.5x of the single round's).
// Each is the best of `repeat` runs, the suites taking turns so that both see the same state of
// a machine whose speed drifts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "src/io/progress.h"
#include "src/kamisado/perft.h"
#include "src/kamisado/position.h"

namespace kamisado::bench {

constexpr double kTargetLeavesPerSecond = 250e6;
constexpr double kSumoSlowdownLimit = 1.5;

// From seeded random Marathon play (rounds 9-12), 14 or more rings on the board, each played as
// a round with Sumos on its own (no match field, §6), so that the round's end is a leaf instead
// of the match's end or the next round.
inline constexpr const char* kSumoSuite[] = {
    "g+7/1R++6/2r+1k+3/2B+3b++1/4K++1N++y++/p+G+1O+1Y+1n++/3P+2o+1/8 b R", "r++b+y+g++n++p+o+1/6k+1/8/8/8/8/3N+4/K++R+G++B++1Y+P+O g b",
    "r++3y+3/5b++2/8/G++B+2k+1n++1/4N+K+Y++1/7R++/1p+3g1o+/4P+2O+ g p",    "o+6b++/B++3k++p++2/3O++4/2n+y+4/8/r+2NY++3/1g+6/2R++2P+G+K b B",
    "n++1o++1pk++2/4P+2r+/8/4b+3/R+5y+1/4Y++2N+/2g+5/O++B+K++2G+2 b P",    "g+3p++3/1N+5n+/5y+2/b4k++r+1/R++7/2o++1K+3/5P+G+1/1B+1Y++1O++2 b N",
};

struct Measure {
  std::uint64_t leaves = 0;
  double seconds = 0;  // best of the repeats
  double rate() const { return seconds > 0 ? double(leaves) / seconds : 0; }
};

// One position, perft(depth), best of `repeat`.
Measure measure_position(const Position& pos, int depth, int repeat);

struct PerftBench {
  int depth = 7, sumo_depth = 8, repeat = 5;
  Measure single, sumo;
  std::size_t sumo_positions = 0;
  double slowdown() const { return sumo.rate() > 0 ? single.rate() / sumo.rate() : 0; }
  bool single_met() const;
  bool sumo_met() const;
};

PerftBench bench_perft(int depth, int sumo_depth, int repeat);

// `kamisado perft`: perft(depth) counted one first move at a time (divide), with a progress line
// on `lines` for a count that runs longer than a second or two.
struct PerftCount {
  std::vector<DivideEntry> entries;  // empty at depth 0
  std::uint64_t total = 0;
  double seconds = 0;
  double rate() const { return seconds > 0 ? double(total) / seconds : 0; }
};
PerftCount count_perft(const Position& pos, int depth, const io::Lines& lines = {});

}  // namespace kamisado::bench
