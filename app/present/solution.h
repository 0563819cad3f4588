// A solved puzzle told to people and scripts (`kamisado puzzles solve`): the stipulation, the key
// or keys, the main line against the longest defence with the duals along it, and the slower
// wins, from a KeyAnalysis (key_analysis.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "puzzles/key_analysis.h"

namespace kamisado::present {

nlohmann::json solution_json(const Position& pos, const puzzles::KeyAnalysis& a);
std::string solution_text(const Position& pos, const puzzles::KeyAnalysis& a);

}  // namespace kamisado::present
