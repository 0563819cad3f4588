// A proof tree: the certificate that one player wins the round (or the match, or the round with
// a ring of some value: the tree's aim, aim.h) from a position within a number
// of plies, or within a number of his own moves (the metric of "win in N" puzzles: his passes
// and his extra turns after a push count, the loser's moves do not). At the winner's turns it
// holds one move, at the loser's turns every legal move, and every branch ends where the aim is
// decided for the winner; a match proof goes through the fills between rounds and every round. Each node stores its position (KFEN), its value for
// the side to move and its distance: what the winner needs along the tree, in the tree's metric.
//
// A position reached by two lines is one node (the game graph has no cycles, rules.md §2), so
// the "tree" is a DAG; a node stores the distance of its own subtree, so it is shared only where
// that distance fits. The file format is in proof_file.h, the checker in proof_check.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "solver/search/dfpn.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

struct ProofNode {
  std::string kfen;
  bool win = false;  // the side to move is the winner
  Distance distance = 0;
  std::vector<std::pair<std::string, std::uint32_t>> children;  // move, child's index
  // The side to move, read from the KFEN's side field alone (the checker checks the rest).
  Side side_to_move() const;
};

struct ProofTree {
  Side winner = Side::Black;
  Aim aim = Aim::round();         // what the winner wins: the round, the match, a ring (aim.h)
  Metric metric = Metric::Plies;  // what `plies` and the nodes' distances count
  Distance plies = 0;             // the root's distance
  // A layer of a match certificate (match/match_certificate.h): the tree proves the root's round
  // only, and stops at the next round's starts, each proved by a certificate of its own.
  bool to_round_starts = false;
  std::vector<ProofNode> nodes;  // nodes[0] is the root
};

// Builds the proof that `winner` wins from `root` within `budget` (in `metric`), searching with
// `prover` where the table no longer knows a winning move. With `first`, the root is the
// winner's turn and the proof starts with that move (a puzzle's key). nullopt if the prover is
// stopped, or if the claim is false (then some branch cannot be proved).
std::optional<ProofTree> build_proof(Prover& prover, const Position& root, Side winner, Distance budget, Metric metric = Metric::Plies,
                                     std::optional<Move> first = std::nullopt, const Aim& aim = Aim::round());

// A layer of a match certificate (match/match_certificate.h): the proof, found by `prover` (whose
// limits hold `starts` as their round-start oracle), that `winner` wins the match from `root`,
// walked through the root's round only. At the winner's turns it takes a child known to be won
// (searching again where the table lost it), at the loser's every move; its leaves are finished
// matches and the next round's starts, which `starts` must value as won by `winner`. Distances
// are plies along the tree, to those leaves. nullopt if the walk fails (the prover was stopped,
// or a leaf is not won).
struct RoundLayer {
  ProofTree tree;
  std::vector<Position> round_starts;  // the positions of its leaves at round starts, in node order
};
std::optional<RoundLayer> build_round_layer(Prover& prover, const RoundStartOracle& starts, const Position& root, Side winner);

// The same proof on the board mirrored left-right with the colours mapped by their involution
// (rules.md B3), which preserves the game exactly: the proof of the mirror-image position, at
// the cost of replaying the tree. Like any tree, it is for the checker to accept.
ProofTree mirror_proof(const ProofTree& tree);

}  // namespace kamisado::solver
