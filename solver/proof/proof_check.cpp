#include "solver/proof/proof_check.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

namespace {

class Checker {
 public:
  explicit Checker(const ProofTree& tree) : tree_(tree), positions_(tree.nodes.size()) {}

  ProofCheck run() {
    ProofCheck r;
    try {
      check();
      r.holds = true;
    } catch (const Failure& f) {
      r.failure = f.what;
    }
    r.nodes = tree_.nodes.size();
    r.leaves = leaves_;
    r.round_starts = std::move(round_starts_);
    return r;
  }

 private:
  struct Failure {
    std::string what;
  };
  [[noreturn]] static void fail(std::uint32_t id, const std::string& what) { throw Failure{"node " + std::to_string(id) + ": " + what}; }

  void check() {
    if (tree_.nodes.empty()) throw Failure{"the proof has no nodes"};
    try {
      positions_[0] = parse_kfen(tree_.nodes[0].kfen);
    } catch (const std::exception& e) {
      fail(0, std::string("the root's KFEN is wrong: ") + e.what());
    }
    // A ring's value is what the round's end adds to the owner's score at the root (aim.h).
    aim_ = tree_.aim;
    if (aim_.kind == AimKind::Ring) aim_ = Aim::ring(aim_.owner, aim_.points, *positions_[0]);
    if (aim_.kind != AimKind::Round && !positions_[0]->match().is_match())
      fail(0, std::string("a ") + aim_name() + " proof from a single round, which has no match score (P1)");
    if (tree_.nodes[0].distance != tree_.plies)
      fail(0, "the root's distance is " + std::to_string(tree_.nodes[0].distance) + ", the header says " + std::to_string(tree_.plies));
    // Breadth-first from the root; a node's position is set by the first parent that reaches it.
    std::vector<std::uint32_t> order{0};
    for (std::size_t i = 0; i < order.size(); ++i) check_node(order[i], order);
    for (std::uint32_t id = 0; id < tree_.nodes.size(); ++id)
      if (!positions_[id]) fail(id, "not reachable from the root");
    // The distances from the leaves up, so that a wrong one is blamed on its own node and not
    // on the parent that relies on it.
    for (auto it = order.rbegin(); it != order.rend(); ++it) check_distance(*it);
  }

  void check_distance(std::uint32_t id) {
    const ProofNode& n = tree_.nodes[id];
    if (n.children.empty()) return;  // a leaf's 0 is checked with the leaf
    unsigned longest = 0;
    for (const auto& child : n.children) longest = std::max<unsigned>(longest, tree_.nodes[child.second].distance);
    // In winner's moves a loser's ply costs nothing (proof_file.h).
    const unsigned cost = n.win || tree_.metric == Metric::Plies ? 1 : 0;
    if (n.distance != longest + cost)
      fail(id, "stores distance " + std::to_string(n.distance) + ", but its children give " + std::to_string(longest + cost));
  }

  void check_node(std::uint32_t id, std::vector<std::uint32_t>& queue) {
    const ProofNode& n = tree_.nodes[id];
    const Position& p = *positions_[id];
    std::string actual = to_kfen(p);
    if (n.kfen != actual) fail(id, "its KFEN is " + n.kfen + ", but the moves lead to " + actual);
    bool winner_to_move = p.side_to_move() == tree_.winner;
    if (n.win != winner_to_move)
      fail(id, std::string("stores ") + (n.win ? "win" : "loss") + " for the side to move, but " + side_id(tree_.winner) + " is the winner and " +
                   side_id(p.side_to_move()) + " is to move");
    if (auto w = decided(aim_, p)) {
      if (*w != tree_.winner)
        fail(id, std::string("a leaf where the ") + aim_name() + " is won by " + side_id(*w) + ", not by " + side_id(tree_.winner));
      if (!n.children.empty()) fail(id, std::string("the ") + aim_name() + " is decided here, yet the node has moves");
      if (n.distance != 0) fail(id, "a leaf stores distance " + std::to_string(n.distance) + ", not 0");
      ++leaves_;
      return;
    }
    // A layer ends at the next round's starts (T1: a round's first move is the only free one).
    if (tree_.to_round_starts && id != 0 && p.turn() == Turn::FreeChoice) {
      if (!n.children.empty()) fail(id, "a round start in a layer that ends at round starts, yet the node has moves");
      if (n.distance != 0) fail(id, "a leaf stores distance " + std::to_string(n.distance) + ", not 0");
      ++leaves_;
      round_starts_.push_back(id);
      return;
    }
    if (n.children.empty())
      fail(id, aim_.kind == AimKind::Round ? std::string("a leaf where the round is not over")
                                           : std::string("a leaf where the ") + aim_name() + " is not decided");
    MoveList legal;
    generate_moves(p, legal);
    if (winner_to_move && n.children.size() != 1)
      fail(id, "the winner's turn has " + std::to_string(n.children.size()) + " moves; it must have exactly one");
    // Each stored move must be one of the generator's, named as move notation names it.
    std::vector<std::pair<std::string, Move>> names;
    for (Move m : legal) names.emplace_back(to_string(m), m);
    std::vector<bool> seen(names.size());  // by the move's place among the legal ones: no string set per node
    for (const auto& [text, child] : n.children) {
      const std::string& name = text;  // clang 14 cannot capture a structured binding in a lambda (P1091)
      auto it = std::find_if(names.begin(), names.end(), [&](const auto& named) { return named.first == name; });
      if (it == names.end()) fail(id, "move " + text + " is not legal here; legal: " + legal_moves_text(p));
      if (seen[std::size_t(it - names.begin())]) fail(id, "move " + text + " is listed twice");
      seen[std::size_t(it - names.begin())] = true;
      Position next = p.after(it->second);
      if (!positions_[child]) {
        positions_[child] = next;
        queue.push_back(child);
      } else if (!(*positions_[child] == next)) {
        fail(id, "move " + text + " leads to node " + std::to_string(child) + ", which another line reaches as a different position");
      }
    }
    if (!winner_to_move)
      for (std::size_t i = 0; i < names.size(); ++i)
        if (!seen[i]) fail(id, "the defence " + names[i].first + " is missing");
  }

  const char* aim_name() const { return aim_.kind == AimKind::Round ? "round" : aim_.kind == AimKind::Match ? "match" : "ring goal"; }

  const ProofTree& tree_;
  Aim aim_;
  std::vector<std::optional<Position>> positions_;
  std::uint64_t leaves_ = 0;
  std::vector<std::uint32_t> round_starts_;
};

}  // namespace

ProofCheck check_proof(const ProofTree& tree) { return Checker(tree).run(); }

}  // namespace kamisado::solver
