// Who wins the round (or the match, aim.h) from a position, how fast, and with which move: df-pn (dfpn.h) asked
// first whether the side to move wins at all, then, of the winner, a few bounded questions
// ("a win within d?") that close the proved bounds on the distance until they meet.
//
// The distance is exact: the least number of plies in which the winner forces the win against
// the longest defence, proved by a search that finds a win within d plies and refutes every
// win within d - 1. The winner's number of moves is the same minimax counted in the winner's
// own moves (passes and the extra turn after a push count, as in "win in N" puzzles). Without
// Sumos the turns alternate, so it follows from the plies; with Sumos it is searched for.
#pragma once

#include <cstdint>
#include <optional>

#include "solver/search/dfpn.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

enum class Value { Unknown, Win, Loss };  // for the side to move
inline const char* value_name(Value v) { return v == Value::Win ? "win" : v == Value::Loss ? "loss" : "unknown"; }

struct SolveResult {
  Value value = Value::Unknown;
  // The move that reaches the distance: for the winner the fastest win, for the loser the
  // longest defence. Without a distance (stopped early), any winning move of the winner.
  std::optional<Move> best;
  bool distance_known = false;
  Distance plies = 0;           // exact, when distance_known
  Distance winner_moves = 0;    // exact, when distance_known
  Bounds plies_bounds;          // what was proved of the plies when stopped before they met
  std::uint64_t nodes = 0;      // expanded
  std::uint64_t positions = 0;  // made: the children of each expansion
  double seconds = 0;
  std::uint32_t root_pn = 1, root_dn = 1;  // what was proved so far, when stopped
};

// Who wins `aim` (aim.h: the round, the match, or the round with a ring) from `root`.
// Uses a table of limits.hash_mb of its own.
SolveResult solve(const Position& root, const SolveLimits& limits = {}, bool with_distance = true, const Aim& aim = Aim::round());
// Who won: the side to move if `r` (solved from `root`) is a win, else the other; for a known value.
inline Side winner(const SolveResult& r, const Position& root) { return r.value == Value::Win ? root.side_to_move() : ~root.side_to_move(); }

// Uses `table`, which may hold numbers from earlier searches: with no cycles in the game graph
// what is proved for a position holds whatever path led to it, so searches can share a table.
SolveResult solve(const Position& root, const SolveLimits& limits, TranspositionTable& table, bool with_distance = true,
                  const Aim& aim = Aim::round());

// Closes `known` (bounds on `winner`'s distance from `root` in `metric`, the upper one proved)
// with bounded searches until it is exact or the prover is stopped.
Bounds tighten(Prover& prover, const Position& root, Side winner, Metric metric, Bounds known, const Aim& aim = Aim::round());

// Whether a round can still see a push: a Sumo on the board (S1); none is made during a round.
bool has_sumo(const Position& pos);

}  // namespace kamisado::solver
