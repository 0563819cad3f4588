// Depth-first proof-number search (df-pn, Nagai 2002) over the rules engine: who wins the
// round from a position, with proof.
//
// Each node keeps a proof number (how many leaves must still be proved for the side to move to
// win) and a disproof number, in negamax form. df-pn descends into the most proving child with
// thresholds and backs up only when they are passed, storing the numbers in a bounded
// transposition table.
//
// Kamisado has no draws and its game graph has no cycles (rules.md §2, "Consequences": every
// real move raises the rank-lexicographic advancement potential, proved by `kamisado verify`,
// and a chain of passes never repeats a position), so there is no graph-history interaction
// and no cycle handling is needed: a value stored for a position holds whatever path led to it.
//
// The value of a position inside a match is the winner of the round being played: a move that
// ends the round (the match going between rounds, or the match ending) is a terminal node.
// After a push the pusher moves again (S4), so a child may have the same side to move as its
// parent; the negamax sums treat it as the parent's own side.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

#include "kamisado/move.h"
#include "kamisado/position.h"

namespace kamisado::solver {

enum class Value { Unknown, Win, Loss };  // for the side to move

struct SolveProgress {
  std::uint64_t nodes;
  std::uint32_t root_pn, root_dn;
  double seconds;
  std::size_t table_bytes;
  double table_fill;  // the share of the table's slots in use, 0 to 1
};

struct SolveLimits {
  std::size_t hash_mb = 64;
  double seconds = 0;                        // 0: no limit
  const std::atomic<bool>* stop = nullptr;   // set from outside (Ctrl-C) to stop early
  std::function<void(const SolveProgress&)> progress;  // called about once a second
};

struct SolveResult {
  Value value = Value::Unknown;
  std::optional<Move> best;  // a winning move when the value is Win
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint32_t root_pn = 1, root_dn = 1;  // what was proved so far, when stopped
};

// The value of a round that is over at `pos`, for its side to move; Unknown if it is not over.
Value round_over_value(const Position& pos);

class TranspositionTable;

// Uses a table of limits.hash_mb of its own.
SolveResult solve(const Position& root, const SolveLimits& limits = {});
// Uses `table`, which may hold numbers from earlier searches: with no cycles in the game graph a
// position's numbers hold whatever path led to it, so searches can share a table.
SolveResult solve(const Position& root, const SolveLimits& limits, TranspositionTable& table);

}  // namespace kamisado::solver
