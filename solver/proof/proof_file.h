// The proof file: a proof tree (proof_tree.h) as text, one node a line, for `kamisado solve
// --proof FILE` and `kamisado check-proof FILE`.
//
// FORMAT (version 1). Lines end in '\n'; '#' starts a comment line; fields are separated by
// single spaces except around '|'.
//
//   kamisado-proof 1
//   winner <black|gold>
//   goal match                     optional: the winner wins the match (P3), not the round;
//   or goal ring:P                 or the root's side to move wins the round with a ring worth
//                                  P or more (P2), and `winner` proves it (that side) or refutes
//                                  it; the goal's one text form (search/goal.h). Files written
//                                  before it name the owner, "goal ring <black|gold> <P>": still read
//   leaves round-starts            optional, with goal match: a layer of a match certificate
//                                  (match/match_certificate.h); the tree ends at the round ends,
//                                  its leaves are finished matches and the next round's starts
//                                  (after the Defender's fill), each proved by its own certificate
//   plies <D>                      the root's distance: the winner wins within D plies;
//   or moves <D>                   or within D of his own moves (passes and the extra turn after
//                                  a push count; the loser's moves do not): "win in N" puzzles
//   nodes <N>
//   <id> <win|loss> <distance> <KFEN> | <move> <child id>, <move> <child id>, ...
//   ... N node lines, ids 0 to N-1 in order; node 0 is the root
//
// No checksum: the checker re-derives every line from the root by the rules, so a damaged
// file is rejected wherever the damage matters, and one that still checks is still a proof.
//
// Without a goal line the proof is of the round. A match proof's leaves are finished matches;
// its nodes between rounds are the Defender's (fill-left, fill-right).
//
// `win` means the side to move at that node is the winner. A node's distance is what the
// winner needs from it along the tree: plies, or his own moves with a 'moves' header. The moves are in move notation (rules.md §6): one at a
// winner's node, every legal move at a loser's node, and `-` at a leaf, a position whose round
// is over. A node may be the child of several nodes (a transposition).
//
// Example, a win in one ply:
//   kamisado-proof 1
//   winner black
//   plies 1
//   nodes 2
//   0 win 1 1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N | a1a8 1
//   1 loss 0 Nbpkyrgn/8/7o/8/8/8/8/1GRYKPBO g o | -
#pragma once

#include <iosfwd>
#include <stdexcept>
#include <string>

#include "solver/proof/proof_tree.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

// A proof file that cannot be read: the message names the line and what is wrong there.
struct ProofFormatError : InputError {
  using InputError::InputError;
};

void write_proof(const ProofTree& tree, std::ostream& out);
ProofTree read_proof(std::istream& in);  // throws ProofFormatError

}  // namespace kamisado::solver
