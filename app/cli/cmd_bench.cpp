// kamisado bench: the speed of move generation, as perft on one core (bench/perft_bench.h).
#include "app/cli/commands.h"
#include "app/present/rules_commands.h"
#include "src/kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const CommandText kBenchText{"bench", "Measure move generation speed: perft on one core",
                             "Without --kfen: perft(7) from the start, and perft(8) over six Sumo-rich match positions,\n"
                             "each the best of --repeat runs, with the speed targets. Speeds are leaves per second.\n"
                             "Example: kamisado bench --report reports/performance.md"};

struct BenchOptions {
  int depth = 7, sumo_depth = 8, repeat = 5;
  std::string kfen, report;
};

int bench(const BenchOptions& opt, Io& io) {
  if (!opt.kfen.empty()) {
    if (!opt.report.empty()) throw UsageError("--report goes with the standard suites, not --kfen");
    Position pos = parse_kfen(opt.kfen);
    return io.print(present::perft_measure_answer(pos, opt.depth, opt.repeat, bench::measure_position(pos, opt.depth, opt.repeat)));
  }
  return io.print(present::run_perft_bench(opt.depth, opt.sumo_depth, opt.repeat, opt.report));
}

}  // namespace

void add_bench(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<BenchOptions>(app, action, kBenchText, bench);
  cmd->add_option("--depth", opt->depth, "perft depth from the start, or of --kfen (default 7)")->check(CLI::Range(1, 12));
  cmd->add_option("--sumo-depth", opt->sumo_depth, "perft depth of the Sumo-rich positions (default 8)")->check(CLI::Range(1, 12));
  cmd->add_option("--repeat", opt->repeat, "Runs to take the best of (default 5)")->check(CLI::Range(1, 100));
  cmd->add_option("--kfen", opt->kfen, "Measure this one position instead");
  report_option(cmd, opt->report);
}

}  // namespace kamisado::cli
