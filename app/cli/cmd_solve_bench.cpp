// kamisado solve-bench: the proof search's benchmark suite, run or built (solver/bench/suite.h).
#include "app/cli/commands.h"
#include "app/present/solve_bench.h"

namespace kamisado::cli {

namespace {

const CommandText kSolveBenchText{"solve-bench", "Benchmark the proof search on its suite, or build the suite",
                                  "Solves every position of the suite with df-pn, checks its stored value and exact distance,\n"
                                  "and reports time, nodes and nodes/s per position and in total (targets: >= 3 M nodes/s,\n"
                                  "every position within 2 s). A position's time is the best of --repeat runs (the suite is run\n"
                                  "that many times over) and excludes creating its transposition table.\n"
                                  "--generate FILE builds a suite from seeded self-play, keeping each position only when df-pn\n"
                                  "and an independent alpha-beta agree on its value and distance.\n"
                                  "The match section (--match-suite) checks each match position with the match search and an\n"
                                  "independent minimax over whole matches, and compares the match search's speed with the round\n"
                                  "search's in the same run (about 10 minutes; --no-match leaves it out); --generate-match FILE\n"
                                  "builds it. --distances FILE (a suite of long wins made with --generate-match --match-min-plies)\n"
                                  "measures only the cost of exact distances: df-pn's nodes beside the minimax's positions.\n"
                                  "Example: kamisado solve-bench --report reports/solver.md"};

int solve_bench(const present::SolveBenchRequest& opt, Io& io) { return io.print(present::run_solve_bench(opt, io.lines(), io.stop)); }

}  // namespace

void add_solve_bench(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<present::SolveBenchRequest>(app, action, kSolveBenchText, solve_bench, Needs::CtrlC);
  cmd->add_option("--suite", opt->suite, "The suite to run (default tests/data/solver_suite.json)");
  report_option(cmd, opt->report);
  output_option(cmd, "--generate", opt->generate, "Build a suite from self-play and write it to FILE");
  seed_option(cmd, opt->seed, "the self-play for --generate");
  cmd->add_option("--single", opt->singles, "Single-round positions for --generate (default 60)")->check(CLI::Range(1, 10000));
  cmd->add_option("--match", opt->matches, "Match-round positions for --generate (default 20)")->check(CLI::Range(0, 10000));
  cmd->add_option("--alphabeta-nodes", opt->alphabeta_nodes,
                  "For --generate: skip a position alpha-beta cannot solve within N nodes (default 40000000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->add_option("--match-suite", opt->match_suite, "The match section to run (default tests/data/match_suite.json)");
  cmd->add_option("--distances", opt->distances,
                  "Only the cost of exact distances, on FILE's long match wins (--generate-match --match-min-plies): df-pn's nodes "
                  "beside the minimax's positions; --report replaces its section of the report");
  cmd->add_flag("--no-match", opt->no_match, "Leave the match section out (its report then has none)");
  cmd->add_option("--match-probe", opt->match_probe, "Seconds each of the match and round speed probes runs (default 10)")
      ->check(CLI::Range(0.1, 3600.0));
  output_option(cmd, "--generate-match", opt->generate_match, "Build the match section from random match rounds and write it to FILE");
  cmd->add_option("--match-count", opt->match_count, "Match positions for --generate-match (default 320)")->check(CLI::Range(1, 100000));
  cmd->add_option("--match-losers", opt->match_losers, "For --generate-match: at least N where the round's winner loses the match (default 0)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--minimax-budget", opt->minimax_budget,
                  "For --generate-match: skip a position the minimax cannot value within N positions (default 200000)")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 32));
  cmd->add_option("--match-max-plies", opt->match_max_plies,
                  "For --generate-match: skip a position whose match df-pn wins in more than N plies, before the minimax is asked (its time "
                  "grows steeply with the length; default: no limit)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--match-min-plies", opt->match_min_plies,
                  "For --generate-match: long wins only, of N plies or more (to --match-max-plies), chosen by the minimax alone and not by "
                  "df-pn's distance, which they are to measure (default: any length)")
      ->check(CLI::Range(1, 1000));
  hash_option(cmd, opt->hash, " per position");
  cmd->add_option("--repeat", opt->repeat, "Solve each position N times and keep the best time (default 5)")->check(CLI::Range(1, 100));
}

}  // namespace kamisado::cli
