#include "src/play/alphabeta_player.h"

#include <algorithm>
#include <random>
#include <vector>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::play {

namespace {

constexpr int kWin = 1000000;
constexpr int kInfinity = 2 * kWin;

// Threats and advance of one side's towers (see the header).
int side_value(const Position& pos, Side s) {
  int value = 0;
  for (int c = 0; c < kColours; ++c) {
    const Square sq = pos.square_of(s, Colour(c));
    value += std::abs(rank_of(sq) - home_rank(s));
    if (can_win_at_once(s, step_targets(pos, s, Colour(c)))) value += 10;
  }
  return value;
}

int evaluate(const Position& pos, int ply) {
  const Side me = pos.side_to_move();
  if (pos.turn() == Turn::Designated && can_win_at_once(me, step_targets(pos, me, pos.designated())))
    return kWin - ply - 1;  // the designated tower walks home next ply (M7)
  return side_value(pos, me) - side_value(pos, ~me);
}

// Negamax with alpha-beta; `ply` counts from the root, so that round ends score by distance.
int search(const Position& pos, int depth, int ply, int alpha, int beta) {
  if (depth == 0) return evaluate(pos, ply);
  MoveList moves;
  generate_moves(pos, moves);
  const Side me = pos.side_to_move();
  int best = -kInfinity;
  for (Move m : moves) {
    int score;
    Outcome o = round_outcome(pos, m);
    if (o.over()) {
      score = o.winner == me ? kWin - ply - 1 : -(kWin - ply - 1);
    } else {
      Position next = pos.after(m);
      // S4: after a push the same side moves again, so the child's score is already ours.
      score = next.side_to_move() == me ? search(next, depth - 1, ply + 1, alpha, beta) : -search(next, depth - 1, ply + 1, -beta, -alpha);
    }
    best = std::max(best, score);
    alpha = std::max(alpha, score);
    if (alpha >= beta) break;
  }
  return best;
}

class AlphaBetaPlayer : public Player {
 public:
  AlphaBetaPlayer(std::uint64_t seed, const AlphaBetaOptions& options) : rng_(seed), options_(options) {}

  Move choose(const Position& pos) override {
    MoveList moves;
    generate_moves(pos, moves);
    // Between rounds the Defender's fill direction (F2) is not a matter of search.
    if (moves.size() == 1 || pos.turn() == Turn::BetweenRounds) return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
    const Side me = pos.side_to_move();
    std::vector<std::pair<int, Move>> scored;
    int best = -kInfinity;
    for (Move m : moves) {
      int score;
      Outcome o = round_outcome(pos, m);
      if (o.over()) {
        score = o.winner == me ? kWin : -kWin;
      } else {
        // Only scores above best − margin matter: a move that fails low is not a candidate.
        const int alpha = best == -kInfinity ? -kInfinity : std::max(best - options_.margin - 1, -kInfinity + 1);
        Position next = pos.after(m);
        score = next.side_to_move() == me ? search(next, options_.depth, 1, alpha, kInfinity) : -search(next, options_.depth, 1, -kInfinity, -alpha);
      }
      best = std::max(best, score);
      scored.emplace_back(score, m);
    }
    // The margin is for judgement, not for a proved result: with a win or a loss in sight only
    // the fastest win or the longest defence will do.
    auto decided = [](int score) { return std::abs(score) > kWin / 2; };
    std::vector<Move> good;
    for (auto [score, m] : scored)
      if (score == best || (!decided(best) && !decided(score) && score >= best - options_.margin)) good.push_back(m);
    return good[std::uniform_int_distribution<std::size_t>(0, good.size() - 1)(rng_)];
  }

 private:
  std::mt19937_64 rng_;
  AlphaBetaOptions options_;
};

}  // namespace

int shallow_score(const Position& pos, Move m, int depth) {
  const Side me = pos.side_to_move();
  Outcome o = round_outcome(pos, m);
  if (o.over()) return o.winner == me ? kWin : -kWin;
  Position next = pos.after(m);
  return next.side_to_move() == me ? search(next, depth, 1, -kInfinity, kInfinity) : -search(next, depth, 1, -kInfinity, kInfinity);
}

std::unique_ptr<Player> make_alphabeta_player(std::uint64_t seed, const AlphaBetaOptions& options) {
  return std::make_unique<AlphaBetaPlayer>(seed, options);
}

}  // namespace kamisado::play
