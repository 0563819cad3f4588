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

// What is known of a position's question: from the book, or from a search within the budget.
struct Known {
  std::optional<Side> winner;
  std::optional<int> plies, winner_moves;
  std::optional<Move> best;
  std::string by, source;
};

struct Searcher {
  const Aim& aim;
  const AnalysisLimits& limits;
  TranspositionTable* table;  // none: what the book holds, and no search
  const Book* book;
  std::optional<Clock::time_point> deadline;
  std::uint64_t nodes = 0;

  bool out_of_time() const { return (deadline && Clock::now() >= *deadline) || (limits.stop && limits.stop->load()); }

  Known known(const Position& p) {
    // The book's value; one without a distance (a puzzle's, a round start's) is searched for
    // the distance where a search may run, and kept as it is where the search finds nothing.
    const std::optional<BookValue> b = book ? book->find(p, aim) : std::nullopt;
    const Known without_search = b ? Known{b->winner, b->plies, b->winner_moves, b->best, "book", b->source}
                                   : Known{std::nullopt, std::nullopt, std::nullopt, std::nullopt, "search", ""};
    if ((b && b->plies) || !table || out_of_time()) return without_search;
    SolveLimits l;
    l.nodes = limits.nodes;
    l.deadline = deadline;
    l.stop = limits.stop;
    l.hash_mb = 0;
    const SolveResult r = solve(p, l, *table, true, aim);
    nodes += r.nodes;
    if (r.value == Value::Unknown || (b && !r.distance_known)) return without_search;
    Known k{solver::winner(r, p), std::nullopt, std::nullopt, r.best, "search", ""};
    if (r.distance_known) k.plies = int(r.plies), k.winner_moves = int(r.winner_moves);
    return k;
  }

  // The move `m` from `p`, valued for its mover.
  MoveValue value_of(const Position& p, Move m) {
    const Position child = p.after(m);
    if (auto w = decided(aim, child)) return {m, for_mover(*w == p.side_to_move()), true, 1, "rules", ""};
    const Known k = known(child);
    if (!k.winner) return {m, Value::Unknown, false, 0, k.by, ""};
    return {m, for_mover(*k.winner == p.side_to_move()), k.plies.has_value(), k.plies ? *k.plies + 1 : 0, k.by, k.source};
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
    MoveValue v{m, Value::Unknown, false, 0, "table", ""};
    if (o.known) v = {m, for_mover(o.mover_wins), true, o.distance, pos.after(m).outcome().over() ? "rules" : "table", ""};
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

namespace {

// analyse(), or with no table what the book holds alone.
Analysis analyse_with(const Position& pos, const Aim& aim, const AnalysisLimits& limits, TranspositionTable* table, const Book* book) {
  const auto start = Clock::now();
  Analysis a;
  if (const RetroTable* t = book ? book->retro_for(pos, aim, &a.source) : nullptr) {
    from_tables(a, pos, *t);
    for (MoveValue& m : a.moves)
      if (m.by == "table") m.source = a.source;
  } else {
    Searcher s{aim, limits, table, book, std::nullopt};
    if (limits.seconds > 0) s.deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
    // The position first: its proof puts into the table most of what the moves need.
    const Known root = s.known(pos);
    a.by = root.by;
    a.source = root.source;
    if (root.winner) {
      a.value = *root.winner == pos.side_to_move() ? Value::Win : Value::Loss;
      a.distance_known = root.plies.has_value();
      a.plies = root.plies.value_or(0);
      a.winner_moves = root.winner_moves;
    }
    MoveList list;
    generate_moves(pos, list);
    for (Move m : list) a.moves.push_back(s.value_of(pos, m));
    // The best line: each position's best move, from the book or proved with the same table, to the end.
    Position p = pos;
    for (std::size_t i = 0; i < limits.max_line && !decided(aim, p); ++i) {
      const Known k = i == 0 ? root : s.known(p);
      if (!k.winner || !k.best) break;
      a.best_line.push_back(*k.best);
      p = p.after(*k.best);
    }
    a.nodes = s.nodes;
  }
  std::stable_sort(a.moves.begin(), a.moves.end(), better);
  if (!a.best_line.empty()) a.best = a.best_line.front();  // the fastest win, or the longest defence
  a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return a;
}

}  // namespace

Analysis analyse(const Position& pos, const Aim& aim, const AnalysisLimits& limits, TranspositionTable& table, const Book* book) {
  return analyse_with(pos, aim, limits, &table, book);
}

std::optional<Analysis> analyse_from_book(const Position& pos, const Aim& aim, const Book& book) {
  Analysis a = analyse_with(pos, aim, {}, nullptr, &book);
  if (!a.complete()) return std::nullopt;
  return a;
}

}  // namespace kamisado::solver
