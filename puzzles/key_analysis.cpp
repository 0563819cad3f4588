#include "puzzles/key_analysis.h"

#include <algorithm>
#include <chrono>

#include "solver/search/solve.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::puzzles {

int KeyAnalysis::dual_turns() const {
  return int(std::count_if(main_line.begin(), main_line.end(), [](const LineStep& s) { return s.by_winner && s.moves_that_win > 1; }));
}

std::optional<int> winner_moves_to_win(const Position& pos, Side winner, solver::TranspositionTable& table, const solver::SolveLimits& limits,
                                       std::uint64_t* nodes) {
  if (auto w = round_winner(pos)) return *w == winner ? std::optional<int>(0) : std::nullopt;
  solver::SolveResult r = solver::solve(pos, limits, table, true);
  if (nodes) *nodes += r.nodes;
  if (r.value == solver::Value::Unknown || !r.distance_known) throw Stopped("stopped before the distance was proved");
  bool mover_wins = r.value == solver::Value::Win;
  if ((pos.side_to_move() == winner) != mover_wins) return std::nullopt;
  return int(r.winner_moves);
}

bool wins_within(const Position& pos, Side winner, int budget, solver::TranspositionTable& table, const solver::SolveLimits& limits,
                 std::uint64_t* nodes) {
  solver::Prover prover(table, limits);
  solver::Proof proof = prover.prove(pos, {winner, solver::Metric::WinnerMoves, solver::Distance(budget)});
  if (nodes) *nodes += prover.nodes();
  if (!proof.proved && !proof.disproved) throw Stopped("stopped before a win within " + std::to_string(budget) + " was proved or refuted");
  return proof.proved;
}

namespace {

// What each move of the side to move costs the winner: his moves to win after it, counting the
// move itself if it is his; nullopt where the winner no longer wins.
std::vector<std::optional<int>> move_costs(const Position& pos, const MoveList& moves, Side winner, solver::TranspositionTable& table,
                                           const solver::SolveLimits& limits, std::uint64_t& nodes) {
  std::vector<std::optional<int>> out;
  const int own = pos.side_to_move() == winner ? 1 : 0;
  for (Move m : moves) {
    auto rest = winner_moves_to_win(pos.after(m), winner, table, limits, &nodes);
    out.push_back(rest ? std::optional<int>(*rest + own) : std::nullopt);
  }
  return out;
}

}  // namespace

solver::SolveLimits shared_deadline(const solver::SolveLimits& limits) {
  solver::SolveLimits shared = limits;
  if (limits.seconds > 0) {
    auto until = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(limits.seconds));
    shared.deadline = limits.deadline ? std::min(*limits.deadline, until) : until;
    shared.seconds = 0;
  }
  return shared;
}

std::optional<KeyAnalysis> analyse_key(const Position& pos, solver::TranspositionTable& table, const solver::SolveLimits& given) {
  require_round_in_play(pos);
  // The analysis is many searches; its time limit is for all of them together.
  solver::SolveLimits limits = shared_deadline(given);
  KeyAnalysis a;
  a.winner = pos.side_to_move();
  MoveList moves;
  generate_moves(pos, moves);
  std::vector<std::optional<int>> costs = move_costs(pos, moves, a.winner, table, limits, a.nodes);
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (costs[i] && (a.n == 0 || *costs[i] < a.n)) a.n = *costs[i];
  if (a.n == 0) return std::nullopt;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!costs[i]) continue;
    if (*costs[i] == a.n)
      a.keys.push_back(moves[i]);
    else
      a.slower.push_back({moves[i], *costs[i]});
  }
  std::stable_sort(a.slower.begin(), a.slower.end(), [](const SlowerWin& x, const SlowerWin& y) { return x.n < y.n; });

  // The main line: the first key; then the loser's longest defence (the most winner's moves
  // left, ties to the first in move order) and the winner's first fastest move, in turn.
  Position p = pos.after(a.keys.front());
  a.main_line.push_back({a.keys.front(), true, int(a.keys.size())});
  int left = a.n - 1;
  while (!round_winner(p)) {
    if (p.side_to_move() != a.winner) {
      Move reply = longest_defence(p, a.winner, table, limits, &a.nodes);
      a.main_line.push_back({reply, false, 0});
      p = p.after(reply);
      continue;
    }
    MoveList here;
    generate_moves(p, here);
    std::vector<std::optional<int>> c = move_costs(p, here, a.winner, table, limits, a.nodes);
    std::size_t pick = here.size();
    int in_time = 0;
    for (std::size_t i = 0; i < here.size(); ++i) {
      if (c[i] && *c[i] <= left) {
        ++in_time;
        if (pick == here.size()) pick = i;
      }
    }
    if (pick == here.size()) throw std::logic_error("no move keeps the proved win in time");
    a.main_line.push_back({here[pick], true, in_time});
    --left;
    p = p.after(here[pick]);
  }
  return a;
}

Move longest_defence(const Position& pos, Side winner, solver::TranspositionTable& table, const solver::SolveLimits& limits, std::uint64_t* nodes) {
  MoveList here;
  generate_moves(pos, here);
  std::uint64_t effort = 0;
  std::vector<std::optional<int>> c = move_costs(pos, here, winner, table, limits, effort);
  if (nodes) *nodes += effort;
  std::size_t pick = here.size();
  for (std::size_t i = 0; i < here.size(); ++i) {
    if (!c[i]) throw std::logic_error("a defence escapes the proved win");
    if (pick == here.size() || *c[i] > *c[pick]) pick = i;
  }
  if (pick == here.size()) throw std::logic_error("the loser has no move");
  return here[pick];
}

}  // namespace kamisado::puzzles
