// The match section of the solver suite, as plain data for the tests that run the match search
// against the minimax (tests/test_match_search.cpp, tests/test_match_mutants.cpp): the first
// `count` positions of tests/data/match_suite.json with their stored winner and distance.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

struct StoredMatchCase {
  std::string kfen, winner;
  int plies;
};

inline std::vector<StoredMatchCase> stored_match_cases(std::size_t count) {
  std::ifstream in(std::string(KAMISADO_DATA) + "/match_suite.json");
  nlohmann::json doc = nlohmann::json::parse(in);
  std::vector<StoredMatchCase> out;
  for (const auto& e : doc["positions"]) {
    if (out.size() == count) break;
    out.push_back({e["kfen"].get<std::string>(), e["winner"].get<std::string>(), e["plies"].get<int>()});
  }
  return out;
}
