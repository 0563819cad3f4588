#include "solver/proof/proof_tree.h"

#include <algorithm>
#include <unordered_map>

#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/rules.h"

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
class LayerBuilder {
 public:
  LayerBuilder(Prover& prover, const RoundStartOracle& starts, Side winner) : prover_(prover), starts_(starts), winner_(winner) {}

  std::optional<std::uint32_t> build(const Position& p, bool root) {
    if (auto it = by_key_.find(p.key()); it != by_key_.end()) return it->second;
    ProofNode node;
    node.kfen = to_kfen(p);
    node.win = p.side_to_move() == winner_;
    if (auto w = decided(Aim::match(), p)) return *w == winner_ ? std::optional(add(p, std::move(node))) : std::nullopt;
    if (!root && p.turn() == Turn::FreeChoice) {  // the next round's start: a leaf, valued by the oracle
      if (starts_.match_winner(p) != winner_) return std::nullopt;
      const std::uint32_t id = add(p, std::move(node));
      starts_at_.emplace(id, p);
      return id;
    }
    MoveList moves;
    generate_moves(p, moves);
    if (node.win) {
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
              node.distance = Distance(nodes_[*child].distance + 1);
              node.children.emplace_back(to_string(m), *child);
              return add(p, std::move(node));
            }
      }
      return std::nullopt;
    }
    for (Move m : moves) {
      auto child = build(p.after(m), false);
      if (!child) return std::nullopt;
      node.distance = std::max<Distance>(node.distance, Distance(nodes_[*child].distance + 1));
      node.children.emplace_back(to_string(m), *child);
    }
    return add(p, std::move(node));
  }

  // The layer, and its leaves at round starts in the order of its nodes (a start met only on a
  // line that failed is not in the tree, nor in the list).
  RoundLayer take(std::uint32_t root) {
    RoundLayer out;
    std::vector<std::uint32_t> order;
    out.tree = numbered_from(root, std::move(nodes_), order);
    out.tree.winner = winner_;
    out.tree.aim = Aim::match();
    out.tree.to_round_starts = true;
    for (std::uint32_t id : order)
      if (auto it = starts_at_.find(id); it != starts_at_.end()) out.round_starts.push_back(it->second);
    return out;
  }

 private:
  // Whether `winner_` wins from `p`, as far as is known without a search.
  bool won(const Position& p) const {
    if (auto w = decided(Aim::match(), p)) return *w == winner_;
    if (p.turn() == Turn::FreeChoice) return starts_.match_winner(p) == winner_;
    return by_key_.count(p.key()) || prover_.known(p, winner_, Metric::Plies, Aim::match()).at_most <= kUnbounded;
  }
  std::uint32_t add(const Position& p, ProofNode node) {
    auto id = std::uint32_t(nodes_.size());
    nodes_.push_back(std::move(node));
    by_key_.emplace(p.key(), id);
    return id;
  }

  Prover& prover_;
  const RoundStartOracle& starts_;
  Side winner_;
  std::vector<ProofNode> nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> by_key_;
  std::unordered_map<std::uint32_t, Position> starts_at_;  // the leaves at round starts, by node
};

}  // namespace

std::optional<RoundLayer> build_round_layer(Prover& prover, const RoundStartOracle& starts, const Position& root, Side winner) {
  LayerBuilder b(prover, starts, winner);
  auto id = b.build(root, true);
  if (!id) return std::nullopt;
  return b.take(*id);
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
