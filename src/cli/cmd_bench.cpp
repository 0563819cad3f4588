// kamisado bench: the speed of move generation, as perft on one core.
//   single round  perft(7) from the standard start (target: >= 250 M leaves/s);
//   Sumo-rich     perft(8) summed over six match positions full of Sumo, Double and Triple
//                 towers (target: time per leaf within 1.5x of the single round's).
// With --kfen, one position instead.
#include <chrono>
#include <fstream>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "kamisado/perft.h"

namespace kamisado::cli {

namespace {
constexpr double kTargetLeavesPerSecond = 250e6;
constexpr double kSumoSlowdownLimit = 1.5;

// From seeded random Marathon play (rounds 9-12), 14 or more rings on the board. The target is
// raised from 15 to 31 so that the rounds play on instead of ending the match within the depth.
constexpr const char* kSumoSuite[] = {
    "g+7/1R++6/2r+1k+3/2B+3b++1/4K++1N++y++/p+G+1O+1Y+1n++/3P+2o+1/8 b R 31:14-14",
    "r++b+y+g++n++p+o+1/6k+1/8/8/8/8/3N+4/K++R+G++B++1Y+P+O g b 31:13-14",
    "r++3y+3/5b++2/8/G++B+2k+1n++1/4N+K+Y++1/7R++/1p+3g1o+/4P+2O+ g p 31:14-13",
    "o+6b++/B++3k++p++2/3O++4/2n+y+4/8/r+2NY++3/1g+6/2R++2P+G+K b B 31:14-14",
    "n++1o++1pk++2/4P+2r+/8/4b+3/R+5y+1/4Y++2N+/2g+5/O++B+K++2G+2 b P 31:14-13",
    "g+3p++3/1N+5n+/5y+2/b4k++r+1/R++7/2o++1K+3/5P+G+1/1B+1Y++1O++2 b N 31:14-13",
};

struct Measure {
  std::uint64_t leaves = 0;
  double seconds = 0;  // best of the repeats
  double rate() const { return seconds > 0 ? double(leaves) / seconds : 0; }
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

void add_bench(CLI::App& app, Action& action) {
  struct Options {
    int depth = 7, sumo_depth = 8, repeat = 5;
    std::string kfen, report;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("bench", "Measure move generation speed: perft on one core");
  cmd->footer(
      "Without --kfen: perft(7) from the start, and perft(8) over six Sumo-rich match positions,\n"
      "each the best of --repeat runs, with the speed targets. Speeds are leaves per second.\n"
      "Example: kamisado bench --report reports/performance.md");
  cmd->add_option("--depth", opt->depth, "perft depth from the start, or of --kfen (default 7)")->check(CLI::Range(1, 12));
  cmd->add_option("--sumo-depth", opt->sumo_depth, "perft depth of the Sumo-rich positions (default 8)")->check(CLI::Range(1, 12));
  cmd->add_option("--repeat", opt->repeat, "Runs to take the best of (default 5)")->check(CLI::Range(1, 100));
  cmd->add_option("--kfen", opt->kfen, "Measure this one position instead");
  cmd->add_option("--report", opt->report, "Write the figures as Markdown to this file");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (!opt->kfen.empty()) {
        Position pos = parse_kfen(opt->kfen);
        Measure m = measure({{{pos}, opt->depth}}, opt->repeat)[0];
        if (opt->json)
          io.out << nlohmann::json{{"kfen", to_kfen(pos)}, {"depth", opt->depth}, {"nodes", m.leaves},
                                   {"best_seconds", m.seconds}, {"nodes_per_second", m.rate()}}.dump(2) << "\n";
        else
          io.out << fmt::format("perft {}: {} leaves, best of {}: {:.3f} s, {:.1f} M leaves/s\n", opt->depth,
                                m.leaves, opt->repeat, m.seconds, m.rate() / 1e6);
        if (!opt->report.empty()) throw UsageError("--report goes with the standard suites, not --kfen");
        return kOk;
      }
      if (!opt->report.empty()) check_writable(opt->report);
      std::vector<Position> sumo;
      for (const char* k : kSumoSuite) sumo.push_back(parse_kfen(k));
      std::vector<Measure> both = measure({{{Position::initial()}, opt->depth}, {sumo, opt->sumo_depth}}, opt->repeat);
      Measure single = both[0], rich = both[1];
      double slowdown = rich.rate() > 0 ? single.rate() / rich.rate() : 0;
      bool single_met = single.rate() >= kTargetLeavesPerSecond;
      bool sumo_met = slowdown <= kSumoSlowdownLimit;
      std::string command = fmt::format("kamisado bench --depth {} --sumo-depth {} --repeat {}", opt->depth,
                                        opt->sumo_depth, opt->repeat);
      if (!opt->report.empty()) {
        std::string suite;
        for (const char* k : kSumoSuite) suite += fmt::format("- `{}`\n", k);
        std::string md = fmt::format(
            "# Performance\n\n"
            "Written by `{} --report {}` on {}. Rerun that command to regenerate it.\n\n"
            "## Move generation: perft\n\n"
            "Single-threaded, rules.md §7 conventions, best of {} runs, the two suites taking turns. Bulk counting: the last ply "
            "is a popcount of the reply tower's targets (plus its push, for a Sumo), computed "
            "without building the position before it wherever that tower can act.\n\n"
            "| suite | leaves | best time | leaves/s | target | |\n"
            "|---|---:|---:|---:|---|---|\n"
            "| single round: perft({}) from the start | {} | {:.3f} s | {:.1f} M | ≥ {:.0f} M leaves/s | {} |\n"
            "| Sumo-rich: perft({}) over 6 match positions | {} | {:.3f} s | {:.1f} M | time per leaf ≤ {}× "
            "the single round's (measured {:.2f}×) | {} |\n\n"
            "The Sumo-rich positions come from seeded random Marathon play (rounds 9-12, 14 or more "
            "rings on the board), with the target raised to 31 so that rounds play on:\n\n{}\n"
            "Machine: {}, one core. Compiler: g++ {}, {}.\n",
            command, opt->report, today(), opt->repeat, opt->depth, single.leaves, single.seconds,
            single.rate() / 1e6, kTargetLeavesPerSecond / 1e6, single_met ? "met" : "NOT met", opt->sumo_depth,
            rich.leaves, rich.seconds, rich.rate() / 1e6, kSumoSlowdownLimit, slowdown, sumo_met ? "met" : "NOT met",
            suite, cpu_model(), __VERSION__, build_flags());
        write_file_atomically(opt->report, md);
      }
      if (opt->json) {
        io.out << nlohmann::json{
            {"single_round", {{"depth", opt->depth}, {"nodes", single.leaves}, {"best_seconds", single.seconds},
                              {"nodes_per_second", single.rate()}, {"target_met", single_met}}},
            {"sumo_rich", {{"depth", opt->sumo_depth}, {"positions", sumo.size()}, {"nodes", rich.leaves},
                           {"best_seconds", rich.seconds}, {"nodes_per_second", rich.rate()},
                           {"slowdown", slowdown}, {"target_met", sumo_met}}},
            {"repeat", opt->repeat}}.dump(2) << "\n";
      } else {
        io.out << fmt::format("single round: perft {} from the start: {} leaves, {:.3f} s, {:.1f} M leaves/s ({})\n",
                              opt->depth, single.leaves, single.seconds, single.rate() / 1e6,
                              single_met ? "target met" : "target NOT met");
        io.out << fmt::format("Sumo-rich: perft {} over {} positions: {} leaves, {:.3f} s, {:.1f} M leaves/s, "
                              "{:.2f}x the single round's time per leaf ({})\n",
                              opt->sumo_depth, sumo.size(), rich.leaves, rich.seconds, rich.rate() / 1e6, slowdown,
                              sumo_met ? "target met" : "target NOT met");
        if (!opt->report.empty()) io.out << "wrote " << opt->report << "\n";
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
