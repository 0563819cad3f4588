// What a search alone answers (solver/search/solve.h): who wins the goal asked and how fast, the
// best move and the effort, as `kamisado solve --json` gives them. verdict_of (verdict.h) adds
// what a certified answer has beside (the proof tree, its check, the checkpoint, the stakes); the
// WebAssembly package, which has no files, answers with this alone.
#pragma once

#include <nlohmann/json.hpp>

#include "solver/search/aim.h"
#include "solver/search/solve.h"
#include "src/kamisado/position.h"

namespace kamisado::present {

// {"kfen", "goal", "side_to_move", "value", "winner" (when known), "best", "distance": {"plies",
// "winner_moves"} (when exact; winner_moves null if only the plies are), or "distance_bounds":
// {"at_least", "at_most"}, "nodes", "seconds", "nodes_per_second", "root_pn", "root_dn"}.
nlohmann::json search_answer_json(const Position& pos, const solver::Aim& aim, const solver::SolveResult& r);

}  // namespace kamisado::present
