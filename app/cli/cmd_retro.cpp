// kamisado retro build: the retrograde table of every position reachable from a root inside its
// round (solver/retro/retro_build.h, format in solver/retro/retro_file.h). Looking a table up
// (probe, stats) is in cmd_retro_table.cpp, the checks (verify, crosscheck, bench) in
// cmd_retro_check.cpp.
#include <fmt/format.h>

#include "app/cli/commands.h"
#include "app/present/retro.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"

namespace kamisado::cli {

void add_retro_checks(CLI::App& retro, Action& action);   // cmd_retro_check.cpp
void add_retro_lookups(CLI::App& retro, Action& action);  // cmd_retro_table.cpp

namespace {

const std::string kExampleRoot = "\"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"";

const CommandText kBuildText{"build", "Enumerate every position reachable from a root and solve them all",
                             "Every position reachable from the root inside its round (a single round, or the round being\n"
                             "played in a match) is found, stored once per symmetry class (rules.md B3), and solved by\n"
                             "backward induction: value for the side to move and exact distance to the round's end.\n"
                             "The table is written through a temporary file and a rename (format: solver/retro/retro_file.h).\n"
                             "A cap on the positions (--max-positions) stops a root that reaches too many, before memory\n"
                             "runs out (about 40-60 bytes a position). --threads sorts the table on several threads;\n"
                             "enumeration and solving are sequential.\n"
                             "Example: kamisado retro build " +
                                 kExampleRoot + " -o late.retro"};

struct BuildOptions {
  std::string kfen, out;
  std::uint64_t max_positions = 100'000'000;
  int threads = 1;
};

int build(const BuildOptions& opt, Io& io) {
  Position root = parse_kfen(opt.kfen);
  solver::MeasuredBuild run;
  try {
    run = solver::measure_build(root, opt.max_positions, opt.threads, io.stop, io.lines());
  } catch (const solver::RetroCapExceeded& e) {
    throw UsageError(std::string(e.what()) + "; raise --max-positions or start later in the round. Nothing was written.");
  }
  solver::RetroFileInfo info = solver::save_retro_table(run.table, opt.out, io.stop);
  return io.print(present::retro_build_answer(run, info, root, opt.out));
}

}  // namespace

void add_retro(CLI::App& app, Action& action) {
  CLI::App* retro = app.add_subcommand("retro", "Retrograde tables: every position reachable from a root, solved exactly");
  retro->require_subcommand(1);
  retro->footer(
      fmt::format("A table holds every position reachable from a root inside its round, each with its value for\n"
                  "the side to move and its exact distance in plies. Build one, then look positions up, count\n"
                  "them, re-check them against the rules, or compare them with the proof search (`solve`).\n"
                  "Example: kamisado retro build {0} -o late.retro\n"
                  "         kamisado retro probe late.retro {0}",
                  kExampleRoot));
  auto [b, build_opt] = command<BuildOptions>(*retro, action, kBuildText, build, Needs::CtrlC);
  kfen_argument(b, build_opt->kfen, "The root position in KFEN");
  output_option(b, "-o,--output", build_opt->out, "The table file to write")->required();
  b->add_option("--max-positions", build_opt->max_positions, "Refuse roots that reach more positions (default 100000000)")
      ->check(CLI::Range(std::uint64_t(1), solver::kMaxRetroPositions));
  threads_option(b, build_opt->threads, "sorting the table");
  add_retro_lookups(*retro, action);
  add_retro_checks(*retro, action);
}

}  // namespace kamisado::cli
