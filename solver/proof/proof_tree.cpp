#include "solver/proof/proof_tree.h"

#include <algorithm>
#include <array>
#include <deque>
#include <span>
#include <unordered_map>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

Side ProofNode::side_to_move() const {
  const auto space = kfen.find(' ');
  return space != std::string::npos && kfen.compare(space + 1, 1, "g") == 0 ? Side::Gold : Side::Black;
}

namespace {

constexpr std::uint32_t kUnnumbered = ~std::uint32_t{0};

// The tree of `nodes` from `root`, numbered breadth-first, so that a file reads from the top down;
// `order` gets the old index of each new one. Nodes not reachable from `root` are dropped.
ProofTree numbered_from(std::uint32_t root, std::vector<ProofNode>&& nodes, std::vector<std::uint32_t>& order) {
  std::vector<std::uint32_t> number(nodes.size(), kUnnumbered);
  order.assign(1, root);
  number[root] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const auto& child : nodes[order[i]].children)
      if (number[child.second] == kUnnumbered) {
        number[child.second] = std::uint32_t(order.size());
        order.push_back(child.second);
      }
  ProofTree out;
  out.plies = nodes[root].distance;
  out.nodes.reserve(order.size());
  for (std::uint32_t id : order) {
    out.nodes.push_back(std::move(nodes[id]));
    for (auto& child : out.nodes.back().children) child.second = number[child.second];
  }
  return out;
}

class Builder {
 public:
  Builder(Prover& prover, Side winner, Metric metric, const Aim& aim) : prover_(prover), winner_(winner), metric_(metric), aim_(aim) {}

  // The index of a node proving the win from `p` within `budget`, or nullopt. With `first`, the
  // winner's move at `p` is that one.
  std::optional<std::uint32_t> build(const Position& p, Distance budget, std::optional<Move> first = std::nullopt) {
    if (!first)
      if (auto it = by_key_.find(p.key()); it != by_key_.end())
        for (std::uint32_t id = it->second.first; id != kUnnumbered; id = same_key_[id])
          if (tree_.nodes[id].distance <= budget) return id;
    ProofNode node;
    node.kfen = to_kfen(p);
    node.win = p.side_to_move() == winner_;
    if (auto w = decided(aim_, p)) {
      if (*w != winner_) return std::nullopt;
      return add(p, std::move(node));
    }
    // Every ply costs one in plies; in winner's moves only the winner's own plies do.
    const Distance cost = node.win || metric_ == Metric::Plies ? 1 : 0;
    if (budget < cost) return std::nullopt;
    MoveList moves;
    generate_moves(p, moves);
    if (first) {
      if (!node.win || std::find(moves.begin(), moves.end(), *first) == moves.end()) return std::nullopt;
      moves = MoveList();
      moves.push_back(*first);
    }
    if (node.win) {
      // The move whose child the table knows to be fastest, else the first a search proves.
      std::optional<Move> chosen;
      Distance fastest = kNever;
      for (Move m : moves) {
        Distance d = prover_.known(p.after(m), winner_, metric_, aim_).at_most;
        if (d <= budget - 1 && d < fastest) chosen = m, fastest = d;
      }
      for (std::size_t i = 0; !chosen && i < moves.size() && !prover_.stopped(); ++i) {
        Proof proof = prover_.prove(p.after(moves[i]), {winner_, metric_, Distance(budget - 1), aim_});
        if (proof.proved) chosen = moves[i], fastest = proof.bounds.at_most;
      }
      if (!chosen) return std::nullopt;
      auto child = build(p.after(*chosen), fastest);
      if (!child) return std::nullopt;
      node.distance = Distance(tree_.nodes[*child].distance + 1);
      node.children.emplace_back(to_string(*chosen), *child);
    } else {
      for (Move m : moves) {
        auto child = build(p.after(m), Distance(budget - cost));
        if (!child) return std::nullopt;
        node.distance = std::max<Distance>(node.distance, Distance(tree_.nodes[*child].distance + cost));
        node.children.emplace_back(to_string(m), *child);
      }
    }
    return add(p, std::move(node));
  }

  ProofTree take(std::uint32_t root) {
    std::vector<std::uint32_t> order;
    ProofTree out = numbered_from(root, std::move(tree_.nodes), order);
    out.winner = winner_;
    out.aim = aim_;
    out.metric = metric_;
    return out;
  }

 private:
  std::uint32_t add(const Position& p, ProofNode node) {
    auto id = std::uint32_t(tree_.nodes.size());
    tree_.nodes.push_back(std::move(node));
    same_key_.push_back(kUnnumbered);
    auto [it, added] = by_key_.try_emplace(p.key(), id, id);
    if (!added) same_key_[it->second.second] = id, it->second.second = id;
    return id;
  }

  Prover& prover_;
  Side winner_;
  Metric metric_;
  Aim aim_;
  ProofTree tree_;
  // The nodes of each position (one per distance that was asked), oldest first: the first and
  // the last by key, and each to the next. No list per position: a tree has a node for nearly
  // every position.
  std::unordered_map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>> by_key_;
  std::vector<std::uint32_t> same_key_;
};

// A layer of a match certificate (build_round_layer): the proof in `prover`'s table walked down
// to the round ends. Its searches prove values only (with a round-start oracle, dfpn.h), so a
// node's distance is counted here, along the tree.
//
// A round-2 layer has some 500 k nodes, so the walk keeps them compact (a few bytes and a move a
// child, no KFEN, no string) and writes the tree's text once, at the end, from positions replayed
// down the tree in the order of its nodes (issue 43: the walk was most of a layer's cost).
class LayerBuilder {
 public:
  LayerBuilder(Prover& prover, const RoundStartOracle& starts, Side winner) : prover_(prover), starts_(starts), winner_(winner) {}

  std::optional<std::uint32_t> build(const Position& p, bool root) {
    if (auto it = by_key_.find(p.key()); it != by_key_.end()) return it->second;
    const bool win = p.side_to_move() == winner_;
    if (auto w = decided(Aim::match(), p)) return *w == winner_ ? std::optional(add(p, win, 0, {})) : std::nullopt;
    if (!root && p.turn() == Turn::FreeChoice) {  // the next round's start: a leaf, valued by the oracle
      if (starts_.match_winner(p) != winner_) return std::nullopt;
      return add(p, win, 0, {}, true);
    }
    MoveList moves;
    generate_moves(p, moves);
    if (win) {
      for (int attempt = 0; attempt < 2; ++attempt) {
        // The table lost the winning child (replaced by later entries): search `p` again.
        if (attempt == 1) {
          const Goal goal{winner_, Metric::Plies, kUnbounded, Aim::match()};
          prover_.forget(p, goal);
          if (prover_.stopped() || !prover_.prove(p, goal).proved) break;
        }
        for (Move m : moves)
          if (won(p.after(m)))
            if (auto child = build(p.after(m), false)) {
              const Child one{m, *child};
              return add(p, win, Distance(nodes_[*child].distance + 1), {&one, 1});
            }
      }
      return std::nullopt;
    }
    std::array<Child, MoveList::kCapacity> children;
    Distance distance = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto child = build(p.after(moves[i]), false);
      if (!child) return std::nullopt;
      distance = std::max<Distance>(distance, Distance(nodes_[*child].distance + 1));
      children[i] = {moves[i], *child};
    }
    return add(p, win, distance, {children.data(), moves.size()});
  }

  // The layer, numbered breadth-first from `root` as numbered_from numbers a tree, and its leaves
  // at round starts in the order of its nodes (a start met only on a line that failed is not in
  // the tree, nor in the list).
  RoundLayer take(const Position& root_position, std::uint32_t root) {
    RoundLayer out;
    out.tree.winner = winner_;
    out.tree.aim = Aim::match();
    out.tree.to_round_starts = true;
    out.tree.plies = nodes_[root].distance;
    std::vector<std::uint32_t> number(nodes_.size(), kUnnumbered);
    std::vector<std::uint32_t> order{root};
    std::deque<Position> queue{root_position};  // the positions of the nodes numbered, not yet written
    number[root] = 0;
    out.tree.nodes.reserve(nodes_.size());
    for (std::size_t i = 0; i < order.size(); ++i, queue.pop_front()) {
      const Node& n = nodes_[order[i]];
      const Position& p = queue.front();
      ProofNode& node = out.tree.nodes.emplace_back();
      node.kfen = to_kfen(p);
      node.win = n.win;
      node.distance = n.distance;
      node.children.reserve(n.children);
      for (std::uint32_t c = n.first_child; c < n.first_child + n.children; ++c) {
        const Child& child = children_[c];
        if (number[child.node] == kUnnumbered) {
          number[child.node] = std::uint32_t(order.size());
          order.push_back(child.node);
          queue.push_back(p.after(child.move));
        }
        node.children.emplace_back(to_string(child.move), number[child.node]);
      }
      if (n.round_start) out.round_starts.push_back(p);
    }
    return out;
  }

 private:
  struct Child {
    Move move;
    std::uint32_t node;
  };
  struct Node {
    std::uint32_t first_child = 0;  // in children_
    std::uint8_t children = 0;      // a position's moves fit: see the assertion below
    bool win = false;               // the side to move is the winner
    bool round_start = false;
    Distance distance = 0;
  };
  static_assert(MoveList::kCapacity <= 255, "a node's child count is one byte");

  // Whether `winner_` wins from `p`, as far as is known without a search.
  bool won(const Position& p) const {
    if (auto w = decided(Aim::match(), p)) return *w == winner_;
    if (p.turn() == Turn::FreeChoice) return starts_.match_winner(p) == winner_;
    return by_key_.count(p.key()) || prover_.known(p, winner_, Metric::Plies, Aim::match()).at_most <= kUnbounded;
  }
  std::uint32_t add(const Position& p, bool win, Distance distance, std::span<const Child> children, bool round_start = false) {
    auto id = std::uint32_t(nodes_.size());
    nodes_.push_back({std::uint32_t(children_.size()), std::uint8_t(children.size()), win, round_start, distance});
    children_.insert(children_.end(), children.begin(), children.end());
    by_key_.emplace(p.key(), id);
    return id;
  }

  Prover& prover_;
  const RoundStartOracle& starts_;
  Side winner_;
  std::vector<Node> nodes_;
  std::vector<Child> children_;  // each node's, one after another
  std::unordered_map<std::uint64_t, std::uint32_t> by_key_;
};

}  // namespace

std::optional<RoundLayer> build_round_layer(Prover& prover, const RoundStartOracle& starts, const Position& root, Side winner) {
  LayerBuilder b(prover, starts, winner);
  auto id = b.build(root, true);
  if (!id) return std::nullopt;
  return b.take(root, *id);
}

std::optional<ProofTree> build_proof(Prover& prover, const Position& root, Side winner, Distance budget, Metric metric, std::optional<Move> first,
                                     const Aim& aim) {
  Builder b(prover, winner, metric, aim);
  auto id = b.build(root, budget, first);
  if (!id) return std::nullopt;
  return b.take(*id);
}

ProofTree mirror_proof(const ProofTree& tree) {
  ProofTree out = tree;
  std::vector<std::optional<Position>> original(tree.nodes.size()), mirrored(tree.nodes.size());
  original[0] = parse_kfen(tree.nodes[0].kfen);
  mirrored[0] = original[0]->mirrored();
  out.nodes[0].kfen = to_kfen(*mirrored[0]);
  std::vector<std::uint32_t> order{0};
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::uint32_t id = order[i];
    auto& children = out.nodes[id].children;
    for (auto& [text, child] : children) {
      Move m = parse_move(*original[id], text);
      text = to_string(mirror(m));
      if (original[child]) continue;
      original[child] = original[id]->after(m);
      mirrored[child] = mirrored[id]->after(mirror(m));
      out.nodes[child].kfen = to_kfen(*mirrored[child]);
      order.push_back(child);
    }
  }
  return out;
}

}  // namespace kamisado::solver
