// What a census proved, told: the JSON of `census merge`, its one-line summary, and
// reports/census.md, which sets several runs side by side: their counts and shares (an estimate
// with its 95% interval for a sampled run), every second mover's win with its certificate, the
// hypotheses tested (features.h), the throughput of each run and, from the largest uniform
// sample, the projected cost of the whole census.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/census/census.h"

namespace kamisado::solver {

// A run's session (census.h, CensusRunStats) as `census run --json` prints it.
nlohmann::json census_run_json(const CensusRunStats& s);
nlohmann::json census_json(const CensusMerged& m);
std::string census_summary(const CensusMerged& m);

struct CensusReportOptions {
  std::vector<std::string> dirs;  // the runs, in the report's order
  std::string report_path;        // where the report goes (named in it, with the command)
  // A checkpoint of `opening --regrouped` (one JSON line a start): its starts are looked up in
  // the run of subspace regrouped:N:SEED, and the two times set side by side.
  std::string compare_regrouped;
  int threads = 1;  // for each merge (merge_census)
};
// The report's Markdown, of runs already merged.
std::string census_report(const std::vector<CensusMerged>& runs, const CensusReportOptions& options);
// `census report`: each run merged, then the report written (atomically) to report_path.
std::vector<CensusMerged> write_census_report(const CensusReportOptions& options, const io::Lines& lines = {},
                                              const std::atomic<bool>* stop = nullptr);

}  // namespace kamisado::solver
