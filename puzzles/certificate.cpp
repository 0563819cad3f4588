#include "puzzles/certificate.h"

namespace kamisado::puzzles {

std::optional<solver::ProofTree> certify(const Position& pos, Move key, int n, solver::TranspositionTable& table, const solver::SolveLimits& limits) {
  solver::Prover prover(table, limits);
  return solver::build_proof(prover, pos, pos.side_to_move(), solver::Distance(n), solver::Metric::WinnerMoves, key);
}

}  // namespace kamisado::puzzles
