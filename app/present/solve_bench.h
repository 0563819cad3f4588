// What solve-bench prints and writes into reports/solver.md: the solver suite (solver/bench/
// suite.h), its match section and the long match wins' distances (solver/match/match_suite.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "solver/bench/suite.h"
#include "solver/match/match_suite.h"
#include "src/io/progress.h"

namespace kamisado::present {

// kamisado solve-bench: one of its four runs (its --help), with what the command line gave.
struct SolveBenchRequest {
  std::string suite = "tests/data/solver_suite.json", report;
  std::string generate;                                     // build the suite instead, into this file
  std::string match_suite = "tests/data/match_suite.json";  // the match section to run
  std::string generate_match;                               // build the match section instead, into this file
  std::string distances;                                    // time the exact distances of this suite of long wins instead
  int singles = 60, matches = 20;                           // --generate's positions
  std::uint64_t alphabeta_nodes = 40'000'000;               // --generate's check of each
  int match_count = 320, match_losers = 0;                  // --generate-match's positions
  std::uint64_t minimax_budget = 200'000;                   // --generate-match's check of each
  int match_max_plies = 0, match_min_plies = 0;             // --generate-match's lengths (0: any)
  std::uint64_t seed = 1;                                   // the self-play of either
  double match_probe = 10;                                  // seconds of each speed probe
  std::size_t hash = 64;
  int repeat = 5;
  bool no_match = false;  // the suite without its match section
};

// Runs it, writes the suite or the report it asks for (the report's other runs' sections kept),
// and answers. Failed when a position's value or distance disagrees; Stopped when Ctrl-C cut a
// --generate-match short (its positions so far are written).
Answer run_solve_bench(const SolveBenchRequest& r, const io::Lines& lines, const std::atomic<bool>* stop);

// A suite written to `path` (--generate, or --generate-match when `match`; `stopped`: cut short
// by Ctrl-C, with the positions kept so far).
Answer suite_written_answer(const std::string& path, const nlohmann::json& suite, bool match, bool stopped);

nlohmann::json suite_json(const solver::SuiteBench& b);
std::string suite_summary(const solver::SuiteBench& b);
std::string suite_report(const solver::SuiteBench& b, const std::string& report_path);

// `report` (the suite's Markdown) with the sections of the file at `report_path` that other
// runs write kept at its end: "## Exact distances of long match wins" (solve-bench
// --distances) and "## Against BASE" (scripts/solver-against-base.sh, tens of minutes), so
// that a new run of the suite does not lose them.
std::string keep_comparison(std::string report, const std::string& report_path);
// The file at `report_path` with its section headed by `section`'s first line replaced by
// `section` (or put before "## Against BASE", or at the end, if it has none): how a run that
// measures one section writes it.
std::string with_section(const std::string& section, const std::string& report_path);

nlohmann::json match_suite_json(const solver::MatchSuiteBench& b);
std::string match_suite_summary(const solver::MatchSuiteBench& b);
// Rows for solve-bench's report: the section "Match positions" (Markdown).
std::string match_suite_markdown(const solver::MatchSuiteBench& b);

nlohmann::json distances_json(const solver::DistanceBench& b);
std::string distances_summary(const solver::DistanceBench& b);
// The section "Exact distances of long match wins" (Markdown): the ratio's distribution, and the costliest.
std::string distances_markdown(const solver::DistanceBench& b);

}  // namespace kamisado::present
