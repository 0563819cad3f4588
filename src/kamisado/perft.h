// perft: the number of leaves of the game tree cut off at depth d, the standard test of a move
// generator (rules.md §7). Conventions: a forced pass is a node; a fill between rounds is a
// node; a move that wins (M7) or causes a deadlock (M8) is a node with no children, and so it
// is a leaf even when it stands above depth d.
//
// That last point is what the reference counts of rules.md §7 use, though its wording ("leaf
// nodes at depth d") could be read otherwise: 58 games end at ply 3 from the start, and
// 105078 = 105020 nodes at ply 4 + those 58. Likewise 902410 = 900982 + 58 + 1370.
//
// The last ply is bulk-counted: count_moves() at depth 1 instead of playing each move.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado {

// The deepest count any front end asks for (the command line, the Python and JavaScript
// modules): depth 30 is far past what a machine counts.
constexpr int kMostPerftDepth = 30;

std::uint64_t perft(const Position& pos, int depth);

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};
// The count under each legal first move; their sum is perft(pos, depth) for depth >= 1.
// `each`, if given, is called as the count goes on with the first moves counted so far and the
// leaves counted so far, often enough at any depth for a progress line: from depth 4 the count
// is split into pieces of at most 3 plies, each well under a millisecond, and `each` hears of every one.
using DivideProgress = std::function<void(std::size_t done, std::size_t of, std::uint64_t leaves)>;
std::vector<DivideEntry> divide(const Position& pos, int depth, const DivideProgress& each = {});

}  // namespace kamisado
