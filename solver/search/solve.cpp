#include "solver/search/solve.h"

#include <algorithm>
#include <stdexcept>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

bool has_sumo(const Position& pos) {
  for (Side s : {Side::Black, Side::Gold})
    for (int r = 1; r < 5; ++r)
      if (pos.towers_of_rank(s, r)) return true;
  return false;
}

Bounds tighten(Prover& prover, const Position& root, Side winner, Metric metric, Bounds known, const Aim& aim) {
  // Each probe asks for a win one shorter than the best proved; a proof usually comes with
  // slack (its tree is shorter than asked), and the last probe is the one refutation needed.
  while (known.at_least < known.at_most && known.at_most != kNever && !prover.stopped()) {
    Proof p = prover.prove(root, {winner, metric, Distance(known.at_most - 1), aim});
    if (p.proved)
      known.at_most = std::min(known.at_most, p.bounds.at_most);
    else if (p.disproved)
      known.at_least = std::max(known.at_least, p.bounds.at_least);
  }
  return known;
}

namespace {

// Without Sumos no push gives an extra turn, so the turns alternate and a win in d plies is the
// winner's ceil(d / 2) moves if he is to move, floor(d / 2) if not. Both are monotone in d, so
// the minimax of one is the image of the other's.
Distance winner_moves_from_plies(Distance plies, bool winner_to_move) { return winner_to_move ? Distance((plies + 1) / 2) : Distance(plies / 2); }

// A move reaching the exact distance `d` from `root`: the winner's fastest, or the loser's
// longest defence. The table usually knows the children; a child it has lost is searched again.
std::optional<Move> move_reaching(Prover& prover, const Position& root, Side winner, Distance d, const Aim& aim) {
  MoveList moves;
  generate_moves(root, moves);
  bool winner_moves = root.side_to_move() == winner;
  auto reaches = [&](Bounds b) { return winner_moves ? b.at_most <= d - 1 : b.at_least >= d - 1; };
  for (Move m : moves)
    if (reaches(prover.known(root.after(m), winner, Metric::Plies, aim))) return m;
  for (Move m : moves) {
    Position c = root.after(m);
    if (winner_moves ? prover.prove(c, {winner, Metric::Plies, Distance(d - 1), aim}).proved
                     : d < 2 || prover.prove(c, {winner, Metric::Plies, Distance(d - 2), aim}).disproved)
      return m;
    if (prover.stopped()) break;
  }
  return std::nullopt;
}

}  // namespace

SolveResult solve(const Position& root, const SolveLimits& limits, bool with_distance, const Aim& aim) {
  TranspositionTable table(limits.hash_mb);
  return solve(root, limits, table, with_distance, aim);
}

SolveResult solve(const Position& root, const SolveLimits& limits, TranspositionTable& table, bool with_distance, const Aim& aim) {
  if (limits.round_starts && with_distance)
    throw std::invalid_argument("a search that takes round starts as leaves proves values only: its distances would end at a round start");
  SolveResult r;
  Side mover = root.side_to_move();
  if (auto w = decided(aim, root)) {
    r.value = *w == mover ? Value::Win : Value::Loss;
    r.distance_known = true;
    r.root_pn = r.value == Value::Win ? 0 : 1u << 30;
    r.root_dn = r.value == Value::Win ? 1u << 30 : 0;
    return r;
  }
  Prover prover(table, limits);
  auto finish = [&]() -> SolveResult& {
    r.nodes = prover.nodes();
    r.positions = prover.positions();
    r.seconds = prover.seconds();
    return r;
  };

  // Who wins, unless a shared table already knows that the opponent does.
  Bounds plies = prover.known(root, ~mover, Metric::Plies, aim);
  Side winner = ~mover;
  if (plies.at_most == kNever) {
    Proof first = prover.prove(root, {mover, Metric::Plies, kUnbounded, aim});
    r.root_pn = first.root.pn;
    r.root_dn = first.root.dn;
    if (!first.proved && !first.disproved) return finish();
    winner = first.proved ? mover : ~mover;
    plies = first.proved ? first.bounds : prover.prove(root, {winner, Metric::Plies, kUnbounded, aim}).bounds;
  }
  r.value = winner == mover ? Value::Win : Value::Loss;
  r.root_pn = r.value == Value::Win ? 0 : 1u << 30;
  r.root_dn = r.value == Value::Win ? 1u << 30 : 0;

  if (with_distance) {
    plies = tighten(prover, root, winner, Metric::Plies, plies, aim);
    r.plies_bounds = plies;
    if (plies.exact()) {
      r.plies = plies.at_most;
      r.best = move_reaching(prover, root, winner, r.plies, aim);
      // Across rounds the rings make Sumos (P2): the winner's moves are searched for.
      if (!has_sumo(root) && aim.kind != AimKind::Match) {
        r.winner_moves = winner_moves_from_plies(r.plies, mover == winner);
        r.distance_known = r.best.has_value();
      } else {
        Bounds moves = tighten(prover, root, winner, Metric::WinnerMoves, {Distance(mover == winner ? 1 : 0), r.plies}, aim);
        r.winner_moves = moves.at_most;
        r.distance_known = r.best.has_value() && moves.exact();
      }
    }
  }
  if (!r.best && r.value == Value::Win) {
    // Stopped before the distance was settled, or not asked for it: any proved winning move.
    MoveList moves;
    generate_moves(root, moves);
    for (Move m : moves)
      if (prover.known(root.after(m), winner, Metric::Plies, aim).at_most != kNever) {
        r.best = m;
        break;
      }
  }
  if (!r.distance_known) r.plies = r.winner_moves = 0;
  return finish();
}

}  // namespace kamisado::solver
