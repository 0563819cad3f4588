// A puzzle's certificate: the proof tree (solver/proof/proof_tree.h) that the side to move, playing
// the key first, wins within N of his own moves. The tree counts winner's moves (a 'moves'
// header in the proof file), so `kamisado check-proof` re-verifies, with the move generator
// alone, exactly the stipulation "wins in N" and that the key achieves it. That no move wins in
// N − 1, and that no other first move wins in N (the key is unique), is proved by the search
// (key_analysis.h) and is not part of the certificate.
#pragma once

#include <optional>

#include "solver/proof/proof_tree.h"
#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado::puzzles {

// The certificate for "the side to move at `pos` wins in `n` with `key`"; nullopt if the search
// is stopped by its limits or the claim is false.
std::optional<solver::ProofTree> certify(const Position& pos, Move key, int n, solver::TranspositionTable& table, const solver::SolveLimits& limits);

}  // namespace kamisado::puzzles
