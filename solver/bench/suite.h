// The proof search's benchmark suite (tests/data/solver_suite.json) and `kamisado solve-bench`:
//
//   generate  builds a suite from seeded self-play: single-round positions at different stages
//             and positions inside Marathon match rounds, each kept only if df-pn and the
//             independent alpha-beta (search/alphabeta.h) agree on its value and distance;
//   bench     solves every position with df-pn, checks the stored value and exact distance, and
//             measures time, nodes and nodes/s (targets: >= 3 M nodes/s, every position within
//             2 s). A position's time is the best of `repeat` runs of the whole suite, so that
//             its runs lie seconds apart rather than in one slow moment of a drifting machine.
//
// SUITE FILE (JSON):
//   {"format": "kamisado-solver-suite", "version": 1, "seed": S,
//    "positions": [{"kfen": K, "kind": "single"|"match", "source": "seed 7, ply 12",
//                   "value": "win"|"loss", "winner": "black"|"gold", "plies": D,
//                   "winner_moves": M, "alphabeta_nodes": N}, ...]}
// value is for the side to move; plies and winner_moves are the exact distance (solve.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/search/solve.h"
#include "src/io/progress.h"
#include "src/io/suite_file.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

constexpr double kTargetNodesPerSecond = 3e6;
constexpr double kTargetSecondsPerPosition = 2.0;

struct SuiteEntry {
  Position pos;
  std::string kind, value;
  int plies, winner_moves;
};

// The suite file, every entry checked: a bad one is an InputError naming its number.
std::vector<SuiteEntry> read_suite(const std::string& path);

// A suite (the JSON document above) from seeded self-play.
nlohmann::json generate_suite(std::uint64_t seed, int singles, int matches, std::uint64_t alphabeta_nodes, const io::Lines& lines = {});

struct SuiteBench {
  std::string suite_path;
  std::size_t hash_mb = 64;
  int repeat = 5;
  std::vector<SuiteEntry> entries;
  std::vector<SolveResult> best;  // per entry, the fastest of the repeats
  std::vector<bool> agrees;       // per entry: value and distance as stored
  std::uint64_t nodes = 0, positions = 0;
  double seconds = 0, slowest = 0;
  int disagreements() const;
  double rate() const { return seconds > 0 ? double(nodes) / seconds : 0; }
  bool rate_met() const { return rate() >= kTargetNodesPerSecond; }
  bool time_met() const { return slowest <= kTargetSecondsPerPosition; }
};

SuiteBench bench_suite(const std::string& suite_path, std::size_t hash_mb, int repeat, const io::Lines& lines = {});

}  // namespace kamisado::solver
