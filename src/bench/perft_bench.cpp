#include "bench/perft_bench.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "io/report.h"
#include "kamisado/kfen.h"
#include "kamisado/perft.h"

namespace kamisado::bench {

namespace {

constexpr double kTargetLeavesPerSecond = 250e6;
constexpr double kSumoSlowdownLimit = 1.5;

// From seeded random Marathon play (rounds 9-12), 14 or more rings on the board, each played as
// a round with Sumos on its own (no match field, §6), so that the round's end is a leaf instead
// of the match's end or the next round.
constexpr const char* kSumoSuite[] = {
    "g+7/1R++6/2r+1k+3/2B+3b++1/4K++1N++y++/p+G+1O+1Y+1n++/3P+2o+1/8 b R", "r++b+y+g++n++p+o+1/6k+1/8/8/8/8/3N+4/K++R+G++B++1Y+P+O g b",
    "r++3y+3/5b++2/8/G++B+2k+1n++1/4N+K+Y++1/7R++/1p+3g1o+/4P+2O+ g p",    "o+6b++/B++3k++p++2/3O++4/2n+y+4/8/r+2NY++3/1g+6/2R++2P+G+K b B",
    "n++1o++1pk++2/4P+2r+/8/4b+3/R+5y+1/4Y++2N+/2g+5/O++B+K++2G+2 b P",    "g+3p++3/1N+5n+/5y+2/b4k++r+1/R++7/2o++1K+3/5P+G+1/1B+1Y++1O++2 b N",
};

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

std::string perft_bench_report(const PerftBench& b, const std::string& report_path) {
  std::string suite;
  for (const char* k : kSumoSuite) suite += fmt::format("- `{}`\n", k);
  return io::Report("Performance",
                    fmt::format("kamisado bench --depth {} --sumo-depth {} --repeat {} --report {}", b.depth, b.sumo_depth, b.repeat, report_path))
      .section("Move generation: perft")
      .paragraph(fmt::format("Single-threaded, rules.md §7 conventions, best of {} runs, the two suites taking turns. Bulk counting: the last ply "
                             "is a popcount of the reply tower's targets (plus its push, for a Sumo), computed "
                             "without building the position before it wherever that tower can act.",
                             b.repeat))
      .table({"suite", "leaves", "best time", "leaves/s", "target", ""})
      .row({fmt::format("single round: perft({}) from the start", b.depth), std::to_string(b.single.leaves),
            fmt::format("{:.3f} s", b.single.seconds), fmt::format("{:.1f} M", b.single.rate() / 1e6),
            fmt::format("≥ {:.0f} M leaves/s", kTargetLeavesPerSecond / 1e6), b.single_met() ? "met" : "NOT met"})
      .row({fmt::format("Sumo-rich: perft({}) over {} rounds with Sumos", b.sumo_depth, b.sumo_positions), std::to_string(b.sumo.leaves),
            fmt::format("{:.3f} s", b.sumo.seconds), fmt::format("{:.1f} M", b.sumo.rate() / 1e6),
            fmt::format("time per leaf ≤ {}× the single round's (measured {:.2f}×)", kSumoSlowdownLimit, b.slowdown()),
            b.sumo_met() ? "met" : "NOT met"})
      .paragraph(
          "The Sumo-rich positions come from seeded random Marathon play (rounds 9-12, 14 or more "
          "rings on the board), each played as a round with Sumos on its own (no match field, rules.md §6):")
      .raw(suite + "\n")
      .paragraph(fmt::format("Compiler: g++ {}.", __VERSION__))
      .markdown();
}

nlohmann::json perft_bench_json(const PerftBench& b) {
  return {{"single_round",
           {{"depth", b.depth},
            {"nodes", b.single.leaves},
            {"best_seconds", b.single.seconds},
            {"nodes_per_second", b.single.rate()},
            {"target_met", b.single_met()}}},
          {"sumo_rich",
           {{"depth", b.sumo_depth},
            {"positions", b.sumo_positions},
            {"nodes", b.sumo.leaves},
            {"best_seconds", b.sumo.seconds},
            {"nodes_per_second", b.sumo.rate()},
            {"slowdown", b.slowdown()},
            {"target_met", b.sumo_met()}}},
          {"repeat", b.repeat}};
}

std::string perft_bench_summary(const PerftBench& b) {
  return fmt::format("single round: perft {} from the start: {} leaves, {:.3f} s, {:.1f} M leaves/s ({})\n", b.depth, b.single.leaves,
                     b.single.seconds, b.single.rate() / 1e6, b.single_met() ? "target met" : "target NOT met") +
         fmt::format(
             "Sumo-rich: perft {} over {} positions: {} leaves, {:.3f} s, {:.1f} M leaves/s, "
             "{:.2f}x the single round's time per leaf ({})\n",
             b.sumo_depth, b.sumo_positions, b.sumo.leaves, b.sumo.seconds, b.sumo.rate() / 1e6, b.slowdown(),
             b.sumo_met() ? "target met" : "target NOT met");
}

}  // namespace kamisado::bench
