// What solve-bench prints and writes into reports/solver.md: the solver suite (solver/bench/
// suite.h), its match section and the long match wins' distances (solver/match/match_suite.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "present/answer.h"
#include "solver/bench/suite.h"
#include "solver/match/match_suite.h"

namespace kamisado::present {

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
