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

#include <nlohmann/json.hpp>

#include "kamisado/position.h"

namespace kamisado::bench {

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
std::string perft_bench_report(const PerftBench& b, const std::string& report_path);
nlohmann::json perft_bench_json(const PerftBench& b);
std::string perft_bench_summary(const PerftBench& b);

}  // namespace kamisado::bench
