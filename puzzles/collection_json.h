// A collection as JSON, the same for `puzzles export --json` and `puzzles publish`:
// {"format": "kamisado-puzzles 1", "puzzles": [...]}, each puzzle with every stored field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "puzzles/store.h"

namespace kamisado::puzzles {

inline nlohmann::json puzzle_json(const StoredPuzzle& p) {
  return {{"id", p.id},
          {"kfen", p.kfen},
          {"kind", p.kind},
          {"winner", p.winner},
          {"n", p.n},
          {"stipulation", stipulation(p)},
          {"key", p.keys},
          {"main_line", p.main_line},
          {"moves_in_time", p.in_time},
          {"dual_turns", p.dual_turns},
          {"slower_wins", p.slower},
          {"themes", p.themes},
          {"difficulty", p.difficulty},
          {"legal_moves", p.legal_moves},
          {"tempting", p.tempting},
          {"nodes", p.nodes},
          {"proof_size", p.proof_size},
          {"source", p.source},
          {"prefix", p.prefix}};
}

// The whole document, as text; `certificates` names each puzzle's certificates/<id>.proof
// (a published collection's folder has them).
inline std::string collection_json(const std::vector<StoredPuzzle>& rows, bool certificates = false) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& p : rows) {
    all.push_back(puzzle_json(p));
    if (certificates) all.back()["certificate"] = certificate_file(p);
  }
  return nlohmann::json{{"format", "kamisado-puzzles 1"}, {"puzzles", all}}.dump(2) + "\n";
}

}  // namespace kamisado::puzzles
