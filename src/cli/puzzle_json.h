// A stored puzzle as JSON, the same for `puzzles export --json` and `puzzles publish`
// ("format": "kamisado-puzzles 1").
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "puzzles/store.h"

namespace kamisado::cli {

inline nlohmann::json puzzle_json(const puzzles::StoredPuzzle& p) {
  return {{"id", p.id}, {"kfen", p.kfen}, {"kind", p.kind}, {"winner", p.winner}, {"n", p.n},
          {"stipulation", fmt::format("{} to move wins in {}", p.winner == "black" ? "Black" : "Gold", p.n)},
          {"key", p.keys}, {"main_line", p.main_line}, {"moves_in_time", p.in_time},
          {"dual_turns", p.dual_turns}, {"slower_wins", p.slower}, {"themes", p.themes},
          {"difficulty", p.difficulty}, {"legal_moves", p.legal_moves}, {"tempting", p.tempting},
          {"nodes", p.nodes}, {"source", p.source}, {"prefix", p.prefix}};
}

}  // namespace kamisado::cli
