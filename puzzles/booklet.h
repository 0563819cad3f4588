// The puzzle booklet: one self-contained HTML page for a collection (kamisado puzzles export
// --html DIR). Each puzzle gets its SVG diagram (board_svg.h), its stipulation ("Gold to move
// wins in 3"), its themes and difficulty, and its solution (key, main line with the duals,
// slower wins) behind a toggle, an HTML <details> element, so that it works with scripts off and
// prints. A short script only counts the diagrams the browser drew, into the body's
// data-diagrams attribute, so that a headless browser can confirm the page renders.
#pragma once

#include <string>
#include <vector>

#include "puzzles/store.h"

namespace kamisado::puzzles {

// Text with HTML's special characters (& < > ") written as entities.
std::string escaped_html(const std::string& text);

std::string puzzle_booklet_html(const std::vector<StoredPuzzle>& puzzles, const std::string& title);

}  // namespace kamisado::puzzles
