// Building a retrograde table without a move graph: positions in layers of advancement
// potential, each solved from its children, which lie in layers above it (issue 70).
//
// THE ORDER. Every real move raises the potential P = Σ over the towers of 4^rank × (rows the
// tower has advanced from its home row): a step advances the mover; a push advances the pusher
// (rank k, +4^k) and sends back at most 3 towers of lower rank (at most 3 × 4^(k-1) < 4^k, S2,
// S3). A pass (M6) leaves the board, so P, as it is. The turn and mirror of B3 keep P, so a
// canonical key has its position's potential. (rules.md §2's "every real move advances the
// mover"; `kamisado verify --check advance` proves the rank-lexicographic form by Z3, and this
// build checks it again on every move it makes: a move that broke it would be a bug, thrown.)
//
// THE BUILD, in two sweeps over the layers and nothing per position but its 16-byte entry (key
// and result, retro_table.h):
//  1. Enumerate upwards. A layer's positions are gathered from the layers below (and, for a pass,
//     from the layer itself), sorted and made unique; then each is expanded, its children's keys
//     added to the layers of their potentials. A position's value is not known yet; only its key
//     is kept.
//  2. Solve downwards. A position's children lie in higher layers, all solved, so its value is
//     its children's minimax (the fastest win, else the longest loss: exact distances), each
//     child found by binary search in its layer. A forced pass's child lies in the same layer;
//     positions that pass are solved last in their layer, in chain order (a chain of passes has
//     at most 16 links, M8).
// Then the layers are merged into one table sorted by key. Each layer is expanded and solved on
// `threads` threads.
#pragma once

#include <string>

#include "solver/retro/retro_build.h"
#include "solver/retro/retro_file.h"

namespace kamisado::solver {

// The advancement potential of a position (above). Equal for a position and its B3 images.
int advancement_potential(const Position& pos);
constexpr int kMostPotential = 16 * 7 * 256;  // sixteen Sumos at the far row: no higher

// Throws std::invalid_argument if the root's round is over; RetroCapExceeded past the cap, and
// Stopped when the stop flag is raised, and builds nothing then.
RetroTable build_retro_table_by_layers(const Position& root, const RetroBuildLimits& limits, RetroBuildStats* stats = nullptr);

// The same build for a table larger than memory, written to the table file at `path`: each layer
// waits on disk (retro_work.h: PATH.work/) once it is enumerated, the solve holds a layer and the
// layers its moves reach (the window: the most a move raises the potential), and the file is
// merged from the solved layers. Locks `path` for the build. Stopped or killed, it goes on from
// its last saved phase when run again (the enumeration whole; the solve from its last layer;
// the file's merge whole) and writes the same file. The work folder goes when the file is written.
RetroFileInfo build_retro_file(const Position& root, const RetroBuildLimits& limits, const std::string& path, RetroBuildStats* stats = nullptr);

}  // namespace kamisado::solver
