#include "solver/analysis/analysis.h"

#include <algorithm>

#include "kamisado/kfen.h"
#include "kamisado/movegen.h"

namespace kamisado::solver {

bool Analysis::complete() const {
  return value != Value::Unknown && distance_known &&
         std::all_of(moves.begin(), moves.end(), [](const MoveValue& m) { return m.value != Value::Unknown && m.distance_known; });
}

namespace {

using Clock = std::chrono::steady_clock;

// Fastest wins first, then moves not proved, then losses, the longest defence first.
bool better(const MoveValue& a, const MoveValue& b) {
  auto rank = [](const MoveValue& m) { return m.value == Value::Win ? 0 : m.value == Value::Unknown ? 1 : 2; };
  if (rank(a) != rank(b)) return rank(a) < rank(b);
  if (a.distance_known != b.distance_known) return a.distance_known;
  if (a.value == Value::Win) return a.plies < b.plies;
  if (a.value == Value::Loss) return a.plies > b.plies;
  return false;
}

Value for_mover(bool mover_wins) { return mover_wins ? Value::Win : Value::Loss; }

struct Searcher {
  const Aim& aim;
  const AnalysisLimits& limits;
  TranspositionTable& table;
  std::optional<Clock::time_point> deadline;
  std::uint64_t nodes = 0;

  bool out_of_time() const { return (deadline && Clock::now() >= *deadline) || (limits.stop && limits.stop->load()); }

  SolveResult solve_one(const Position& p) {
    SolveLimits l;
    l.nodes = limits.nodes;
    l.deadline = deadline;
    l.stop = limits.stop;
    l.hash_mb = 0;
    if (out_of_time()) return {};
    SolveResult r = solve(p, l, table, true, aim);
    nodes += r.nodes;
    return r;
  }

  // The move `m` from `p`, valued for its mover.
  MoveValue value_of(const Position& p, Move m) {
    MoveValue v{m, Value::Unknown, false, 0, "search"};
    const Position child = p.after(m);
    if (auto w = decided(aim, child)) return {m, for_mover(*w == p.side_to_move()), true, 1, "rules"};
    const SolveResult r = solve_one(child);
    if (r.value == Value::Unknown) return v;
    const Side winner = solver::winner(r, child);
    v.value = for_mover(winner == p.side_to_move());
    v.distance_known = r.distance_known;
    v.plies = r.distance_known ? int(r.plies) + 1 : 0;
    return v;
  }
};

void from_tables(Analysis& a, const Position& pos, const RetroTable& t) {
  const auto value = t.probe(pos);
  a.value = value->win ? Value::Win : Value::Loss;
  a.distance_known = true;
  a.plies = value->distance;
  a.by = "table";
  MoveList list;
  generate_moves(pos, list);
  for (Move m : list) {
    const MoveOutcome o = move_outcome(t, pos, pos.after(m));
    MoveValue v{m, Value::Unknown, false, 0, "table"};
    if (o.known) v = {m, for_mover(o.mover_wins), true, o.distance, pos.after(m).outcome().over() ? "rules" : "table"};
    a.moves.push_back(v);
  }
  Position p = pos;
  for (std::size_t i = 0; i < 200 && !p.outcome().over(); ++i) {
    const std::vector<Move> best = optimal_moves(t, p);
    if (best.empty()) break;
    a.best_line.push_back(best.front());
    p = p.after(best.front());
  }
}

}  // namespace

Analysis analyse(const Position& pos, const Aim& aim, const AnalysisLimits& limits, TranspositionTable& table,
                 const std::vector<const RetroTable*>& tables) {
  const auto start = Clock::now();
  Analysis a;
  if (aim.kind == AimKind::Round)
    for (const RetroTable* t : tables)
      if (t->probe(pos)) {
        from_tables(a, pos, *t);
        break;
      }
  if (a.by.empty()) {
    a.by = "search";
    Searcher s{aim, limits, table, std::nullopt};
    if (limits.seconds > 0) s.deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
    // The position first: its proof puts into the table most of what the moves need.
    const SolveResult root = s.solve_one(pos);
    if (root.value != Value::Unknown) {
      a.value = root.value;
      a.distance_known = root.distance_known;
      a.plies = int(root.plies);
      if (root.distance_known) a.winner_moves = int(root.winner_moves);
    }
    MoveList list;
    generate_moves(pos, list);
    for (Move m : list) a.moves.push_back(s.value_of(pos, m));
    // The best line: each position's best move, proved with the same table, to the end.
    Position p = pos;
    for (std::size_t i = 0; i < limits.max_line && !decided(aim, p); ++i) {
      const SolveResult r = i == 0 ? root : s.solve_one(p);
      if (r.value == Value::Unknown || !r.best) break;
      a.best_line.push_back(*r.best);
      p = p.after(*r.best);
    }
    a.nodes = s.nodes;
  }
  std::stable_sort(a.moves.begin(), a.moves.end(), better);
  if (!a.best_line.empty()) a.best = a.best_line.front();  // the fastest win, or the longest defence
  a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return a;
}

}  // namespace kamisado::solver
