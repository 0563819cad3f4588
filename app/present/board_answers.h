// The analysis board's two answers (app/serve/board): a position as the board draws it, and its
// analysis. Written here once, for the server's API (/api/v1/position, /api/v1/analyse) and for
// the WebAssembly package, which answers the same page in a browser with no server (app/wasm).
#pragma once

#include <nlohmann/json.hpp>

#include "solver/analysis/analysis.h"
#include "solver/search/aim.h"
#include "src/kamisado/position.h"

namespace kamisado::present {

// position_json (io/describe.h) with each legal move, the position it leads to and its status
// (a push with "pushed": the towers it moved back, each {"tower", "from", "to"}, the furthest last),
// the tower to move, the match's score, the status line, the board as text and as SVG.
nlohmann::json position_page(const Position& pos);

// analysis_json (analysis.h) with the position's KFEN, the goal asked and the side to move.
nlohmann::json analysis_page(const Position& pos, const solver::Aim& aim, const solver::Analysis& a);

}  // namespace kamisado::present
