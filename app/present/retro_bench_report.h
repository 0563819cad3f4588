// What kamisado retro bench prints and writes into reports/retrograde.md: each root's table built,
// verified and cross-checked (solver/bench/retro_bench.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "solver/bench/retro_bench.h"

namespace kamisado::present {

std::string retro_bench_row_summary(const solver::RetroBenchRow& r);
// With `billion` (scripts/retro-billion.sh's reports/retrograde-billion.json), a section on that table.
std::string retro_bench_report(const solver::RetroBench& b, const std::string& report_path, const nlohmann::json* billion = nullptr);
nlohmann::json retro_bench_json(const solver::RetroBench& b);

}  // namespace kamisado::present
