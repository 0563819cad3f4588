// What a census proved, told: the JSON of `census merge`, its one-line summary, and
// reports/census.md, which sets several runs side by side: their counts and shares (an estimate
// with its 95% interval for a sampled run), every second mover's win with its certificate, the
// hypotheses tested (features.h), the throughput of each run and, from the largest uniform
// sample, the projected cost of the whole census.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "solver/census/census.h"
#include "solver/census/census_export.h"

namespace kamisado::present {

// A run planned in its folder (census plan).
Answer census_plan_answer(const solver::Census& c);
// A run's session (census.h, solver::CensusRunStats) as `census run` prints it.
Answer census_run_answer(const std::string& dir, const solver::CensusRunStats& s);
// The line `census export` says on stderr when its rows are written (to `out`, or stdout if empty).
std::string census_export_line(const solver::CensusExported& e, const std::string& out);
// A run's proved starts written as the round-start table `path` of `entries` starts.
Answer round_starts_answer(const std::string& path, std::size_t entries, const solver::CensusExported& counted);
nlohmann::json census_json(const solver::CensusMerged& m);
std::string census_summary(const solver::CensusMerged& m);
// What an incomplete run lacks, and the command that proves it ("" when complete).
std::string census_missing_line(const solver::CensusMerged& m, const std::string& dir);

struct CensusReportOptions {
  std::vector<std::string> dirs;  // the runs, in the report's order
  std::string report_path;        // where the report goes (named in it, with the command)
  // A checkpoint of `opening --regrouped` (one JSON line a start): its starts are looked up in
  // the run of subspace regrouped:N:SEED, and the two times set side by side.
  std::string compare_regrouped;
  int threads = 1;  // for each merge (merge_census)
};
// The report's Markdown, of runs already merged.
std::string census_report(const std::vector<solver::CensusMerged>& runs, const CensusReportOptions& options);
// The runs a report was written of (`report_path`): each run's JSON and summary; Failed unless
// every run is sound.
Answer census_report_answer(const std::vector<solver::CensusMerged>& runs, const std::string& report_path);
// `census report`: each run merged, then the report written (atomically) to report_path.
std::vector<solver::CensusMerged> write_census_report(const CensusReportOptions& options, const io::Lines& lines = {},
                                                      const std::atomic<bool>* stop = nullptr);

}  // namespace kamisado::present
