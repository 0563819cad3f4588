// The proof checker: re-verifies a proof tree (proof_tree.h) with the move generator alone, no
// search. Whatever the search got wrong, a tree that passes is a proof, of the rules as the move
// generator plays them, that the winner wins within the stated plies.
//
// From the root's KFEN it rebuilds every node's position by playing the stored moves, and
// checks at each node that:
//   - the stored KFEN is the position the moves lead to, and a node reached along two lines is
//     the same position along both;
//   - a leaf is where the tree's aim (aim.h) is decided for the winner: a round he has won
//     (M7, M8; between rounds, F1), a finished match he has won (P3), or a round whose ring
//     (P2) makes the ring goal come out his way;
//   - at the winner's turn there is exactly one move, and it is legal;
//   - at the loser's turn the moves are exactly the legal moves: no defence is missing;
//   - the stored value is right for the side to move, and the stored distance is what the
//     children give (0 at a leaf, one more than the child at the winner's turn, one more than
//     the longest child at the loser's; in winner's moves, the longest child's at the loser's);
//   - in a layer of a match certificate (to_round_starts), a node where the next round starts
//     (after the Defender's fill) is a leaf, which this tree does not prove: it is listed, and
//     the certificate's checker (match/match_certificate.h) checks it with its own certificate;
//   - every node is reachable from the root, and the root's distance is the stated plies.
//
// It proves the upper bound on the distance; that no faster win exists is proved by the search
// (solve.h) and is not part of the certificate.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/proof/proof_tree.h"

namespace kamisado::solver {

struct ProofCheck {
  bool holds = false;
  std::string failure;  // the node at fault and why, when it does not hold
  std::uint64_t nodes = 0, leaves = 0;
  // A layer's leaves at round starts (node ids), in the order met: the tree holds if the winner
  // wins the match from each.
  std::vector<std::uint32_t> round_starts;
};

ProofCheck check_proof(const ProofTree& tree);

}  // namespace kamisado::solver
