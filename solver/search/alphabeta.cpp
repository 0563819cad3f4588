#include "solver/search/alphabeta.h"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

namespace {

constexpr int kMate = 100000;

class AlphaBeta {
 public:
  explicit AlphaBeta(std::uint64_t max_nodes) : max_nodes_(max_nodes) {}

  // Iterative deepening on the distance: the first depth at which the root's score is decided
  // (not 0) gives the exact distance, since every line of that length or less has been searched.
  std::optional<int> run(const Position& root) {
    for (int depth = 1;; ++depth) {
      int v = search(root, 0, depth, -kMate - 1, kMate + 1);
      if (nodes_ > max_nodes_) return std::nullopt;
      if (v != 0) return v;
    }
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  enum class Bound : std::uint8_t { Exact, Lower, Upper };
  struct Entry {
    int score;  // a decided score relative to the entry's own node: kMate - (plies from it)
    int depth;  // the depth it was searched to
    Bound bound;
    Move best;
  };

  static int to_table(int score, int ply) { return score > 0 ? score + ply : score < 0 ? score - ply : score; }
  static int from_table(int score, int ply) { return score > 0 ? score - ply : score < 0 ? score + ply : score; }

  // The score of `p` for its side to move, `ply` plies below the root, searched `depth` more
  // plies; 0 means the round does not end within them with best play.
  int search(const Position& p, int ply, int depth, int alpha, int beta) {
    if (auto w = round_winner(p)) return *w == p.side_to_move() ? kMate - ply : -(kMate - ply);
    if (depth == 0) return 0;
    if (++nodes_ > max_nodes_) return 0;  // the caller sees the count and gives up
    // No line from here ends sooner than the next ply.
    alpha = std::max(alpha, -(kMate - ply - 1));
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;
    const int alpha0 = alpha;
    Move first{};
    bool has_first = false;
    if (auto it = table_.find(p.key()); it != table_.end()) {
      const Entry& e = it->second;
      // A decided exact score holds at any depth; anything else only as deep as it was searched.
      if (e.depth >= depth || (e.bound == Bound::Exact && e.score != 0)) {
        int s = from_table(e.score, ply);
        if (e.bound == Bound::Exact) return s;
        if (e.bound == Bound::Lower) alpha = std::max(alpha, s);
        if (e.bound == Bound::Upper) beta = std::min(beta, s);
        if (alpha >= beta) return s;
      }
      first = e.best;
      has_first = true;
    }
    MoveList moves;
    generate_moves(p, moves);
    int best = -kMate - 1;
    Move best_move = moves[0];
    auto consider = [&](Move m) {
      Position c = p.after(m);
      // After a push the same side moves again (S4): its score is ours, not our opponent's.
      int v = c.side_to_move() == p.side_to_move() ? search(c, ply + 1, depth - 1, alpha, beta) : -search(c, ply + 1, depth - 1, -beta, -alpha);
      if (v > best) best = v, best_move = m;
      alpha = std::max(alpha, v);
      return alpha >= beta || nodes_ > max_nodes_;
    };
    // The table's best move first, then a step onto the goal row (M7), then the others in the
    // generator's order.
    std::array<Move, MoveList::kCapacity> order;
    std::size_t n = 0;
    if (has_first && std::find(moves.begin(), moves.end(), first) != moves.end()) order[n++] = first;
    for (int pass = 0; pass < 2; ++pass)
      for (Move m : moves)
        if (!(n > 0 && m == order[0]) && wins_at_once(m, p.side_to_move()) == (pass == 0)) order[n++] = m;
    for (std::size_t i = 0; i < n; ++i)
      if (consider(order[i])) break;
    Bound bound = best <= alpha0 ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
    table_[p.key()] = {to_table(best, ply), depth, bound, best_move};
    return best;
  }

  std::uint64_t max_nodes_;
  std::uint64_t nodes_ = 0;
  std::unordered_map<std::uint64_t, Entry> table_;
};

}  // namespace

std::optional<AlphaBetaResult> alphabeta_solve(const Position& root, std::uint64_t max_nodes) {
  if (auto w = round_winner(root)) return AlphaBetaResult{*w == root.side_to_move(), 0, 0};
  AlphaBeta ab(max_nodes);
  auto score = ab.run(root);
  if (!score) return std::nullopt;
  return AlphaBetaResult{*score > 0, kMate - std::abs(*score), ab.nodes()};
}

}  // namespace kamisado::solver
