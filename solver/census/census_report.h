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

nlohmann::json census_json(const CensusMerged& m);
std::string census_summary(const CensusMerged& m);

struct CensusReportOptions {
  std::string report_path;
  std::string command;  // the command that wrote the report, shown in it
  // A checkpoint of `opening --regrouped` (one JSON line a start): its starts are looked up in
  // the runs of subspace regrouped:N:SEED, and the two times set side by side.
  std::string compare_regrouped;
};
std::string census_report(const std::vector<CensusMerged>& runs, const CensusReportOptions& options);

}  // namespace kamisado::solver
