#include "src/play/players.h"

#include <cstdlib>
#include <vector>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/play/alphabeta_player.h"

namespace kamisado::play {

namespace {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  Move choose(const Position& pos) override {
    MoveList moves;
    generate_moves(pos, moves);
    return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
  }

 private:
  std::mt19937_64 rng_;
};

// +1 if `m` wins the round for the side that makes it, -1 if it loses it, 0 otherwise.
int round_result_for_mover(const Position& pos, Move m) {
  Outcome o = round_outcome(pos, m);
  if (!o.over()) return 0;
  return o.winner == pos.side_to_move() ? 1 : -1;
}

class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(std::uint64_t seed) : rng_(seed) {}
  Move choose(const Position& pos) override {
    MoveList moves;
    generate_moves(pos, moves);
    std::vector<Move> best;
    int best_score = -1000000;
    Side me = pos.side_to_move();
    for (Move m : moves) {
      int score = evaluate(pos, m, me);
      if (score > best_score) best_score = score, best.clear();
      if (score == best_score) best.push_back(m);
    }
    return best[std::uniform_int_distribution<std::size_t>(0, best.size() - 1)(rng_)];
  }

 private:
  static int evaluate(const Position& pos, Move m, Side me) {
    if (m.kind() == MoveKind::Fill || m.kind() == MoveKind::Pass) return 0;
    if (int r = round_result_for_mover(pos, m)) return r * 100000;
    Position next = pos.after(m);
    if (next.side_to_move() != me) {  // after a push the mover moves again (S4)
      MoveList replies;
      generate_moves(next, replies);
      for (Move reply : replies)
        if (round_result_for_mover(next, reply) > 0) return -50000;
    }
    return std::abs(rank_of(m.to()) - rank_of(m.from()));  // advance as far as possible
  }
  std::mt19937_64 rng_;
};

}  // namespace

std::unique_ptr<Player> make_player(const std::string& name, std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomPlayer>(seed);
  if (name == "greedy") return std::make_unique<GreedyPlayer>(seed);
  if (name == "alphabeta") return make_alphabeta_player(seed);
  return nullptr;
}

}  // namespace kamisado::play
