#include "src/bench/perft_bench.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "src/kamisado/kfen.h"
#include "src/kamisado/perft.h"

namespace kamisado::bench {

namespace {

std::uint64_t leaves_of(const std::vector<Position>& positions, int depth) {
  std::uint64_t leaves = 0;
  for (const Position& p : positions) leaves += perft(p, depth);
  return leaves;
}

// Runs each suite `repeat` times, the suites taking turns so that both see the same state of
// a machine whose speed drifts, and keeps each one's best time.
std::vector<Measure> measure(const std::vector<std::pair<std::vector<Position>, int>>& suites, int repeat) {
  std::vector<Measure> best(suites.size(), Measure{0, 1e300});
  for (int i = 0; i < repeat; ++i)
    for (std::size_t k = 0; k < suites.size(); ++k) {
      auto t0 = std::chrono::steady_clock::now();
      best[k].leaves = leaves_of(suites[k].first, suites[k].second);
      best[k].seconds = std::min(best[k].seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
  return best;
}

}  // namespace

Measure measure_position(const Position& pos, int depth, int repeat) { return measure({{{pos}, depth}}, repeat)[0]; }

bool PerftBench::single_met() const { return single.rate() >= kTargetLeavesPerSecond; }
bool PerftBench::sumo_met() const { return slowdown() <= kSumoSlowdownLimit; }

PerftCount count_perft(const Position& pos, int depth, const io::Lines& lines) {
  io::Progress progress(lines);
  PerftCount c;
  c.total = depth == 0 ? 1 : 0;
  if (depth > 0)
    c.entries = divide(pos, depth, [&](std::size_t done, std::size_t of, std::uint64_t leaves) {
      progress.tick(
          [&] { return fmt::format("perft {}: {}/{} first moves, {} leaves so far, {:.1f} s", depth, done, of, leaves, progress.elapsed()); });
    });
  for (const DivideEntry& e : c.entries) c.total += e.nodes;
  c.seconds = progress.elapsed();
  return c;
}

PerftBench bench_perft(int depth, int sumo_depth, int repeat) {
  PerftBench b;
  b.depth = depth, b.sumo_depth = sumo_depth, b.repeat = repeat;
  std::vector<Position> sumo;
  for (const char* k : kSumoSuite) sumo.push_back(parse_kfen(k));
  b.sumo_positions = sumo.size();
  std::vector<Measure> both = measure({{{Position::initial()}, depth}, {sumo, sumo_depth}}, repeat);
  b.single = both[0], b.sumo = both[1];
  return b;
}

}  // namespace kamisado::bench
