// Checks a claimed win by building its proof tree: at the winner's turns one move, found by the
// search; at the loser's turns every legal move, from the move generator alone. The claim holds
// only if every branch ends in a round the winner has won. Whatever the search got wrong, a tree
// that closes is a proof (of the rules as the move generator plays them).
//
// This is the in-memory form of the certificates to come (proof files and `check-proof`).
#pragma once

#include <cstdint>
#include <string>

#include "kamisado/position.h"

namespace kamisado::solver {

struct ProofCheck {
  bool holds = false;
  std::uint64_t tree_nodes = 0;   // distinct positions in the tree, leaves excluded
  std::string failure;            // where it failed, as a KFEN and a reason
};

// Does `winner` win the round from `root`? The searches share one table of `hash_mb`.
ProofCheck check_win(const Position& root, Side winner, std::size_t hash_mb = 64);

}  // namespace kamisado::solver
