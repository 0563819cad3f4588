// An SVG picture of a position: the coloured board (B3), each tower in its owner's colour with
// its dragon colour inside and one ring per Sumo rank, and the designated tower marked.
#pragma once

#include <string>

#include "src/kamisado/position.h"

namespace kamisado::io {

std::string board_svg(const Position& pos);

// The fill of a colour's squares and dragons in these pictures ("#d1342f" for red), for other
// pictures of the board that should look the same (the puzzle trainer draws its own).
const char* colour_fill(Colour c);

}  // namespace kamisado::io
