// kamisado bench: the speed of move generation, as perft from the start on one core.
#include <chrono>
#include <ctime>
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
std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

constexpr double kTargetLeavesPerSecond = 250e6;  // issue: perft(7) at >= 250 M leaves/s
}  // namespace

void add_bench(CLI::App& app, Action& action) {
  struct Options {
    int depth = 7, repeat = 5;
    std::string kfen{kStartKfen}, report;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "Measure move generation speed: perft on one core, bulk counting at the leaves");
  cmd->footer("Example: kamisado bench --depth 7 --repeat 5 --report reports/performance.md");
  cmd->add_option("--depth", opt->depth, "perft depth (default 7)")->check(CLI::Range(1, 12));
  cmd->add_option("--repeat", opt->repeat, "Runs to take the best of (default 5)")->check(CLI::Range(1, 100));
  cmd->add_option("--kfen", opt->kfen, "The position (default: the standard start)");
  cmd->add_option("--report", opt->report, "Write the figures as Markdown to this file");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      std::uint64_t nodes = 0;
      double best = 1e300;
      for (int i = 0; i < opt->repeat; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        nodes = perft(pos, opt->depth);
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }
      double rate = double(nodes) / best;
      std::string command = fmt::format("kamisado bench --depth {} --repeat {}{}", opt->depth, opt->repeat,
                                        opt->kfen == kStartKfen ? "" : " --kfen \"" + opt->kfen + "\"");
      if (!opt->report.empty()) {
        std::string md = fmt::format(
            "# Performance\n\n"
            "Written by `{} --report {}` on {}. Rerun that command to regenerate it.\n\n"
            "## Move generation: perft\n\n"
            "perft({}) from `{}` (rules.md §7 conventions), single-threaded, best of {} runs. "
            "Bulk counting: the last ply is a popcount of the reply tower's targets, computed "
            "without building the position before it wherever that tower can move.\n\n"
            "| leaves | best time | leaves/s | target |\n"
            "|---:|---:|---:|---:|\n"
            "| {} | {:.3f} s | {:.1f} M | {} M ({}) |\n\n"
            "Machine: {}, one core. Compiler: g++ {}, `-O2`{}.\n",
            command, opt->report, today(), opt->depth, to_kfen(pos), opt->repeat, nodes, best,
            rate / 1e6, kTargetLeavesPerSecond / 1e6,
            opt->depth == 7 && opt->kfen == kStartKfen ? (rate >= kTargetLeavesPerSecond ? "met" : "not met")
                                                       : "applies to perft(7) from the start",
            cpu_model(), __VERSION__,
#ifdef __POPCNT__
            " `-mpopcnt`"
#else
            ""
#endif
        );
        write_file_atomically(opt->report, md);
      }
      if (opt->json) {
        io.out << nlohmann::json{{"kfen", to_kfen(pos)}, {"depth", opt->depth}, {"nodes", nodes},
                                 {"best_seconds", best}, {"nodes_per_second", rate},
                                 {"repeat", opt->repeat}}
                      .dump(2)
               << "\n";
      } else {
        io.out << fmt::format("perft {}: {} leaves, best of {}: {:.3f} s, {:.1f} M leaves/s\n",
                              opt->depth, nodes, opt->repeat, best, rate / 1e6);
        if (!opt->report.empty()) io.out << "wrote " << opt->report << "\n";
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
