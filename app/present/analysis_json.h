// A position analysed (solver/analysis/analysis.h) as the board's API and the engine give it.
#pragma once

#include <nlohmann/json.hpp>

#include "solver/analysis/analysis.h"

namespace kamisado::present {

// {"value", "plies", "winner_moves", "best", "best_line", "moves": [{"move", "value", "plies",
// "by"}], "complete", "nodes", "seconds", "by"}; a distance unknown is null. A value is proved:
// beside one from a file, "source" and "checked_by" (how this binary checked it); beside a value
// not proved, "claim": {"value", "plies", "source", "checked": false}, what a file says unchecked;
// where a file says otherwise than the search proved, "conflict": which file, and what it says.
nlohmann::json analysis_json(const solver::Analysis& a);

}  // namespace kamisado::present
