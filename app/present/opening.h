// What kamisado opening prints and writes into reports/opening.md and reports/regrouped.md: the
// opening's first moves proved and the regrouped sample proved (solver/bench/opening.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "solver/bench/opening.h"

namespace kamisado::present {

std::string opening_report(const solver::OpeningResult& r, const std::string& report_path);
nlohmann::json opening_json(const solver::OpeningResult& r);
std::string opening_summary(const solver::OpeningResult& r);
std::string regrouped_summary(const solver::RegroupedResult& r);
std::string regrouped_report(const solver::RegroupedResult& r, const std::string& report_path);
nlohmann::json regrouped_json(const solver::RegroupedResult& r);

}  // namespace kamisado::present
