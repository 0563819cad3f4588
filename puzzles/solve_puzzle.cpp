#include "puzzles/solve_puzzle.h"

#include <fmt/format.h>

#include "puzzles/generator.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/rules.h"

namespace kamisado::puzzles {

SolvedPuzzle solve_puzzle(const Position& pos, const PuzzleRequest& r) {
  require_round_in_play(pos);
  solver::SolveLimits limits;
  limits.hash_mb = r.hash_mb;
  limits.seconds = r.seconds;
  limits.stop = r.stop;
  solver::TranspositionTable table(r.hash_mb);
  SolvedPuzzle s;
  try {
    s.analysis = analyse_key(pos, table, limits);
  } catch (const Stopped& e) {
    throw Stopped(r.seconds > 0 ? fmt::format("not proved within the {} s given: give it more time", r.seconds) : e.what());
  }
  if (r.add.empty()) return s;
  if (!s.analysis) throw InputError(fmt::format("not added: {} to move does not win the round", side_name(pos.side_to_move())));
  s.added = add_to_collection(r.add, pos, *s.analysis, table, limits);
  return s;
}

}  // namespace kamisado::puzzles
