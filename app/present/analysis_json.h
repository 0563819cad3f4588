// A position analysed (solver/analysis/analysis.h) as the board's API and the engine give it.
#pragma once

#include <nlohmann/json.hpp>

#include "solver/analysis/analysis.h"

namespace kamisado::present {

// {"value", "plies", "winner_moves", "best", "best_line", "moves": [{"move", "value", "plies",
// "by"}], "complete", "cut_by", "nodes", "seconds", "by", "sources"}; a distance unknown is null.
// A value is proved: beside one from a file, "source", the short id ("s1") of an entry of
// "sources": {"s1": {"file": what proved it, "checked_by": how this binary checked it}}, each
// described once however many values it gave (the set-up's 102 moves share one); beside a value
// not proved, "claim": {"value", "plies", "source" (an id too), "checked": false}, what a file says
// unchecked; where a file says otherwise than the search proved, "conflict": which file, and what
// it says. "cut_by" names what left a value or distance unknown: "time" (the analysis's time ran
// out), "nodes" (a search reached its node cap), "stopped" (cancelled); empty when complete.
nlohmann::json analysis_json(const solver::Analysis& a);

}  // namespace kamisado::present
