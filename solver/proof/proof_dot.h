// The top levels of a proof tree as a Graphviz graph, for a person to look at: each node shows
// who is to move, its value and distance; each edge its move. Written with Boost.Graph's
// Graphviz writer, kept in its own file so that no other header pulls in Boost.
#pragma once

#include <iosfwd>

#include "solver/proof/proof_tree.h"

namespace kamisado::solver {

// The nodes at most `depth` moves from the root, and the edges between them.
void write_proof_dot(const ProofTree& tree, int depth, std::ostream& out);

}  // namespace kamisado::solver
