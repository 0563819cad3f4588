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

const std::map<std::string, solver::RetroSolver> kSolvers{{"layers", solver::RetroSolver::Layers}, {"graph", solver::RetroSolver::Graph}};
const std::string kExampleRoot = "\"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"";

const CommandText kBuildText{"build", "Enumerate every position reachable from a root and solve them all",
                             "Every position reachable from the root inside its round (a single round, or the round being\n"
                             "played in a match) is found, stored once per symmetry class (rules.md B3) and solved: value\n"
                             "and exact distance. By default in layers of advancement potential, each position from its\n"
                             "children, on --threads threads; --solver graph: backward induction over the move graph (the\n"
                             "second solver). --max-positions stops a root that reaches too many before memory runs out.\n"
                             "Example: kamisado retro build " +
                                 kExampleRoot + " -o late.retro"};

struct BuildOptions {
  std::string kfen, out;
  solver::RetroBuildLimits limits;
};

int build(const BuildOptions& opt, Io& io) {
  Position root = parse_kfen(opt.kfen);
  solver::MeasuredBuild run;
  solver::RetroFileInfo info;
  try {
    solver::RetroBuildLimits limits = opt.limits;
    limits.stop = io.stop;
    run = solver::measure_build_to_file(root, limits, opt.out, info, io.lines());
  } catch (const solver::RetroCapExceeded& e) {
    throw UsageError(std::string(e.what()) + "; raise --max-positions or start later in the round. Nothing was written.");
  }
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
  b->add_option("--max-positions", build_opt->limits.max_positions, "Refuse roots reaching more (default 100000000)")->check(CLI::PositiveNumber);
  threads_option(b, build_opt->limits.threads, "the build");
  b->add_option("--solver", build_opt->limits.solver, "layers (default) or graph (the second solver)")->transform(CLI::CheckedTransformer(kSolvers));
  add_retro_lookups(*retro, action);
  add_retro_checks(*retro, action);
}

}  // namespace kamisado::cli
