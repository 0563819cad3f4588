// A solved puzzle told to people and scripts (`kamisado puzzles solve`): the stipulation, the key
// or keys, the main line against the longest defence with the duals along it, and the slower
// wins, from a KeyAnalysis (key_analysis.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "puzzles/key_analysis.h"
#include "puzzles/solve_puzzle.h"

namespace kamisado::present {

nlohmann::json solution_json(const Position& pos, const puzzles::KeyAnalysis& a);
std::string solution_text(const Position& pos, const puzzles::KeyAnalysis& a);
// kamisado puzzles solve's answer: the solution, or that `pos` is no puzzle; and whether it was
// added to the collection `db`.
Answer solved_puzzle_answer(const Position& pos, const puzzles::SolvedPuzzle& s, const std::string& db);

}  // namespace kamisado::present
