#include "solver/proof/proof_dot.h"

#include <deque>
#include <ostream>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>

namespace kamisado::solver {

namespace {

struct VertexLabel {
  std::string label, colour;
};
struct EdgeLabel {
  std::string label;
};
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, VertexLabel, EdgeLabel>;

}  // namespace

void write_proof_dot(const ProofTree& tree, int depth, std::ostream& out) {
  Graph g;
  std::vector<int> vertex(tree.nodes.size(), -1);
  std::deque<std::pair<std::uint32_t, int>> queue;  // node, its depth
  auto add_vertex = [&](std::uint32_t id, int d) {
    const ProofNode& n = tree.nodes[id];
    std::string label = n.children.empty() ? "round over\\n" + n.kfen
                                           : std::string(side_name(n.side_to_move())) + " to move\\n" + (n.win ? "wins" : "loses") + " in " +
                                                 std::to_string(n.distance) + (n.distance == 1 ? " ply" : " plies");
    vertex[id] = int(boost::add_vertex(VertexLabel{label, n.win ? "palegreen" : "lightpink"}, g));
    queue.emplace_back(id, d);
  };
  add_vertex(0, 0);
  while (!queue.empty()) {
    auto [id, d] = queue.front();
    queue.pop_front();
    if (d >= depth) continue;
    for (const auto& [move, child] : tree.nodes[id].children) {
      if (vertex[child] < 0) add_vertex(child, d + 1);
      boost::add_edge(vertex[id], vertex[child], EdgeLabel{move}, g);
    }
  }
  boost::dynamic_properties dp;
  dp.property("node_id", boost::get(boost::vertex_index, g));
  dp.property("label", boost::get(&VertexLabel::label, g));
  dp.property("fillcolor", boost::get(&VertexLabel::colour, g));
  dp.property("style", boost::make_constant_property<Graph::vertex_descriptor>(std::string("filled")));
  dp.property("label", boost::get(&EdgeLabel::label, g));
  boost::write_graphviz_dp(out, g, dp);
}

}  // namespace kamisado::solver
