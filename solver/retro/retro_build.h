// Building a retrograde table: enumerate every position reachable from a root inside its
// round, keep the move graph, and solve it backwards from the round's ends. This is the second
// solver (RetroSolver::Graph): the build in layers (retro_layers.h), which keeps no graph, is the
// default, and the two are compared entry for entry (retro bench, the tests).
//
// The idea, in three passes over memory that is never more than a few dozen bytes a position:
//  1. Enumerate, depth first from the root. Each new position gets the next index; its
//     canonical key (retro_key.h) goes into an array, and an open-addressing hash of indices
//     finds it again. Moves that end the round (M7, M8) are not positions: they are settled on
//     the spot, as an immediate win for the mover or a move that loses at once. Every other move
//     is an edge of the graph, recorded child -> parent.
//  2. The recorded edges become the predecessor graph, a Boost.Graph compressed_sparse_row_graph
//     (4 bytes an edge, 4 a position). Moves after which the same side moves again (a push, S4)
//     go into a second, small graph, because there a child's win is the parent's win.
//  3. Backward induction. A position that wins at once is won in 1 ply; one whose every move
//     loses at once is lost in 1. Each position counts its unresolved moves. Resolved positions
//     are taken in order of distance: each tells its parents, a parent that can move into a
//     loss for the opponent is won at once, and a parent whose last unresolved move has just
//     turned out to be a win for the opponent is lost. Taking them in order of distance makes
//     the first winning move the fastest and the last losing move the longest defence, so every
//     distance is exact.
// Kamisado's round graph has no cycles and no draws (rules.md §2): every position is resolved,
// and a position left over would be a bug, reported as one.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include "solver/retro/retro_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// The most positions a table can hold: an index fits in 28 bits (retro_build.cpp's hash).
constexpr std::uint64_t kMaxRetroPositions = (1u << 28) - 2;

struct RetroBuildProgress {
  const char* phase;        // "enumerating", "solving", "sorting"
  std::uint64_t positions;  // positions found, or resolved
  std::uint64_t total;      // positions to resolve; 0 while enumerating (not known yet)
  std::uint64_t bytes;      // memory the build holds now
};

// The two builds: in layers of advancement potential, each position solved from its children
// (retro_layers.h: no move graph, both cores), or the first one, by backward induction over the
// predecessor graph in Boost.Graph (this file), kept as the second solver that checks the first.
enum class RetroSolver { Layers, Graph };

struct RetroBuildLimits {
  RetroSolver solver = RetroSolver::Layers;
  std::uint64_t max_positions = 100'000'000;                // the graph build's at most 2^28 - 2 (kMaxRetroPositions)
  int threads = 1;                                          // the layers: every phase; the graph: its sort only
  std::function<void(const RetroBuildProgress&)> progress;  // called every 2^16 positions
  const std::atomic<bool>* stop = nullptr;                  // checked as often
};

struct RetroBuildStats {
  RetroSolver solver = RetroSolver::Layers;
  std::uint64_t positions = 0;
  std::uint64_t moves = 0;             // every legal move of every position
  std::uint64_t graph_edges = 0;       // moves to another position with the other side to move (the graph's edges, in the graph build)
  std::uint64_t extra_turn_edges = 0;  // moves after which the same side moves again (S4)
  std::uint64_t peak_bytes = 0;        // the most memory the build's arrays held at once
  double enumerate_seconds = 0, graph_seconds = 0, solve_seconds = 0, sort_seconds = 0;
};

// The cap of positions was reached; nothing was built. A stop flag raised throws Stopped
// (kamisado/errors.h), and nothing is built either.
struct RetroCapExceeded : InputError {
  using InputError::InputError;
};

// Throws std::invalid_argument if the root's round is over. By limits.solver.
RetroTable build_retro_table(const Position& root, const RetroBuildLimits& limits, RetroBuildStats* stats = nullptr);
// The graph build (above), whatever limits.solver says.
RetroTable build_retro_table_by_graph(const Position& root, const RetroBuildLimits& limits, RetroBuildStats* stats = nullptr);

}  // namespace kamisado::solver
