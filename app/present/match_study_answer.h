// The study of whole matches from the set-up (match-report, solver/match/match_study.h) as JSON
// and as text: each match's value, the 2-point match by rounds, its projections and runs.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "solver/match/match_study.h"

namespace kamisado::present {

nlohmann::json match_study_json(const solver::MatchStudy& s);
std::string match_study_text(const solver::MatchStudy& s);

}  // namespace kamisado::present
