// Positions described for people and scripts: one sentence of status, the board as text, and
// the same as JSON (the shape every command's --json uses for a position).
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "src/kamisado/position.h"

namespace kamisado::io {

std::string tower_label(Side s, Colour c);  // "Black Red"

// One sentence: who is to move and what, or how the game or round ended.
std::string status_line(const Position& pos);
nlohmann::json status_json(const Position& pos);
nlohmann::json position_json(const Position& pos);

// The board as text: towers (letters as in KFEN, '+' per ring) beside the square colours.
std::string board_text(const Position& pos);

}  // namespace kamisado::io
