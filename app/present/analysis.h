// A position analysed (solver/analysis/analysis.h) as the board's API and the engine give it.
#pragma once

#include <nlohmann/json.hpp>

#include "solver/analysis/analysis.h"

namespace kamisado::present {

// {"value", "plies", "winner_moves", "best", "best_line", "moves": [{"move", "value", "plies",
// "by"}], "complete", "nodes", "seconds", "by"}; a distance unknown is null.
nlohmann::json analysis_json(const solver::Analysis& a);

}  // namespace kamisado::present
