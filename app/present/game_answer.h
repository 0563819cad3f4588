// A game played (src/play/game_record.h) as `kamisado play`, the Python module and the
// WebAssembly package give it: every round's moves, its result, ring and score, as JSON and as
// text.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "src/play/game_record.h"

namespace kamisado::present {

nlohmann::json game_json(const play::GameRecord& game);
std::string game_text(const play::GameRecord& game);

}  // namespace kamisado::present
