// A "win in N" puzzle's solution: the stipulation, the key, the main line, the duals and the
// slower wins, each proved by the proof search (solver/search/solve.h).
//
// Definitions (the puzzle issue): the side to move wins in N if it can force the win making at
// most N moves of its own and cannot in fewer; passes and the extra turn after a push (S4) are
// moves of their own. A first move "wins in N" if after it the winner still forces the win
// within the rest of his N moves. The key is unique when exactly one first move wins in N; the
// other winning first moves are slower wins, each with its own N. Along the main line (the key,
// then the loser's longest defence and the winner's fastest reply in turn), each later turn of
// the winner has a count of the moves that still win in time: more than one is a dual.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "solver/search/dfpn.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {
class TranspositionTable;
}

namespace kamisado::puzzles {

struct LineStep {
  Move move;
  bool by_winner = false;
  int moves_that_win = 0;  // at the winner's turns: the moves that still win in time
};

struct SlowerWin {
  Move move;
  int n = 0;  // the winner's moves this first move needs
};

struct KeyAnalysis {
  Side winner = Side::Black;  // the side to move
  int n = 0;
  std::vector<Move> keys;         // every first move that wins in n
  std::vector<SlowerWin> slower;  // the other winning first moves, fastest first
  std::vector<LineStep> main_line;
  std::uint64_t nodes = 0;  // the proof search's effort, all searches together
  bool unique_key() const { return keys.size() == 1; }
  // The winner's later turns on the main line with more than one move winning in time.
  int dual_turns() const;
};

// `limits` with its time limit turned into one deadline from now, for many searches together.
solver::SolveLimits shared_deadline(const solver::SolveLimits& limits);

// nullopt if the side to move does not win the round (a puzzle needs a win). A time limit
// (limits.seconds) is for the whole analysis, not for each of its searches. Throws Stopped (kamisado/errors.h)
// if the limits stop a search, std::invalid_argument if the round is already over.
std::optional<KeyAnalysis> analyse_key(const Position& pos, solver::TranspositionTable& table, const solver::SolveLimits& limits);

// Whether `winner` forces his win from `pos` within `budget` of his own moves: one bounded
// proof search, far cheaper than the exact count when the answer is no. Throws Stopped (kamisado/errors.h) if the
// limits stop it.
bool wins_within(const Position& pos, Side winner, int budget, solver::TranspositionTable& table, const solver::SolveLimits& limits,
                 std::uint64_t* nodes = nullptr);

// The loser's longest defence at `pos` (his turn, `winner` winning): the move after which the
// winner needs the most moves, ties to the first in move order. The main line plays it, and so
// does the trainer (trainer.h). Throws std::logic_error if some move escapes the win.
Move longest_defence(const Position& pos, Side winner, solver::TranspositionTable& table, const solver::SolveLimits& limits,
                     std::uint64_t* nodes = nullptr);

// The fewest moves of `winner` that force his win from `pos` (0 if the round is already his),
// or nullopt if he does not win.
std::optional<int> winner_moves_to_win(const Position& pos, Side winner, solver::TranspositionTable& table, const solver::SolveLimits& limits,
                                       std::uint64_t* nodes = nullptr);

}  // namespace kamisado::puzzles
