// The roots that retrograde tables are built from, as a roots file names them
// (tests/data/retro_roots.json): `retro bench` builds a table of each, and the puzzle studies
// look for puzzles in them.
#pragma once

#include <string>
#include <vector>

namespace kamisado::solver {

struct RetroRoot {
  std::string name, kfen, source;
};

// The roots of a JSON file [{"name": ..., "kfen": ..., "source": ...}, ...] ("source" may be
// left out); InputError naming the file if it cannot be read or is not such a list.
std::vector<RetroRoot> read_retro_roots(const std::string& path);

}  // namespace kamisado::solver
