#include "solver/analysis/analysis.h"

#include <algorithm>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

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

// What is known of a position's question: proved (by the book or a search within the budget),
// and what a file claims of it unchecked.
struct Known {
  std::optional<Side> winner;
  std::optional<int> plies, winner_moves;
  std::optional<Move> best;
  std::string by, source, checked_by;
  std::optional<BookValue> claim;  // a file's value that nothing checked, where none was proved
  std::string conflict;
  std::vector<Move> line;  // the book's best line to the round's end, where it holds one
};

// A file's value that the search contradicts, in words: "reports/x.book says Gold wins in 17 plies".
std::string contradicted(const BookValue& b, const Known& proved) {
  const bool winner_differs = b.winner != *proved.winner;
  if (!winner_differs && (!b.plies || !proved.plies || *b.plies == *proved.plies)) return "";
  return b.source + " says " + side_name(b.winner) + " wins" + (b.plies ? " in " + std::to_string(*b.plies) + " plies" : "") +
         (b.trust.proved ? " (" + b.trust.checked_by + ")" : ", unchecked");
}

// A file's claim, for `side`, `plies_before` plies before the position it was made of.
Claim claim_for(const BookValue& b, Side side, int plies_before) {
  return {b.winner == side ? Value::Win : Value::Loss, b.plies ? std::optional<int>(*b.plies + plies_before) : std::nullopt, b.source};
}

struct Searcher {
  const Aim& aim;
  const AnalysisLimits& limits;
  TranspositionTable* table;  // none: what the book holds, and no search
  const Book* book;
  std::optional<Clock::time_point> deadline;
  std::uint64_t nodes = 0;
  Cutoffs cutoffs;

  bool out_of_time() const { return (deadline && Clock::now() >= *deadline) || (limits.stop && limits.stop->load()); }
  // What ended a search (or kept one from starting) before it proved all it was asked.
  void cut(std::uint64_t searched) {
    if (limits.stop && limits.stop->load())
      cutoffs.stopped = true;
    else if (deadline && Clock::now() >= *deadline)
      cutoffs.time = true;
    else if (limits.nodes && searched >= limits.nodes)
      cutoffs.nodes = true;
  }

  Known known(const Position& p) {
    // A proved value is taken as it is; one without a distance (a puzzle's, a round start's) is
    // searched for the distance where a search may run, and kept as it is where the search finds
    // nothing. A claim is searched like a position the book does not hold.
    const std::optional<BookValue> b = book ? book->find(p, aim) : std::nullopt;
    const bool proved = b && b->trust.proved;
    Known without_search{std::nullopt, std::nullopt, std::nullopt, std::nullopt, "search", "", "", std::nullopt, "", {}};
    if (proved)
      without_search = {b->winner, b->plies, b->winner_moves, b->best, "book", b->source, b->trust.checked_by, std::nullopt, "", b->line};
    else if (b)
      without_search.claim = b;
    if ((proved && b->plies) || !table) return without_search;
    if (out_of_time()) return cut(0), without_search;
    SolveLimits l;
    l.nodes = limits.nodes;
    l.deadline = deadline;
    l.stop = limits.stop;
    l.hash_mb = 0;
    const SolveResult r = solve(p, l, *table, true, aim);
    nodes += r.nodes;
    if (r.value == Value::Unknown || !r.distance_known) cut(r.nodes);
    if (r.value == Value::Unknown || (proved && !r.distance_known && winner(r, p) == b->winner)) return without_search;
    Known k{solver::winner(r, p), std::nullopt, std::nullopt, r.best, "search", "", "", std::nullopt, "", {}};
    if (r.distance_known) k.plies = int(r.plies), k.winner_moves = int(r.winner_moves);
    if (b) k.conflict = contradicted(*b, k);  // the search's value stands, and says whom it contradicts
    return k;
  }

  // The move `m` from `p`, valued for its mover.
  MoveValue value_of(const Position& p, Move m) {
    const Position child = p.after(m);
    if (auto w = decided(aim, child)) return {m, for_mover(*w == p.side_to_move()), true, 1, "rules", "", "", std::nullopt, ""};
    const Known k = known(child);
    MoveValue v{m, Value::Unknown, false, 0, k.by, "", "", std::nullopt, k.conflict};
    if (k.claim) v.claim = claim_for(*k.claim, p.side_to_move(), 1);
    if (!k.winner) return v;
    v.value = for_mover(*k.winner == p.side_to_move());
    v.distance_known = k.plies.has_value();
    v.plies = k.plies ? *k.plies + 1 : 0;
    v.source = k.source, v.checked_by = k.checked_by;
    return v;
  }
};

void from_tables(Analysis& a, const Position& pos, const RetroLookup& t) {
  const auto value = t.probe(pos);
  a.value = value->win ? Value::Win : Value::Loss;
  a.distance_known = true;
  a.plies = value->distance;
  a.by = "table";
  MoveList list;
  generate_moves(pos, list);
  for (Move m : list) {
    const MoveOutcome o = move_outcome(t, pos, pos.after(m));
    MoveValue v{m, Value::Unknown, false, 0, "table", "", "", std::nullopt, ""};
    if (o.known) v = {m, for_mover(o.mover_wins), true, o.distance, pos.after(m).outcome().over() ? "rules" : "table", "", "", std::nullopt, ""};
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
  if (const RetroLookup* t = book ? book->proved_retro_for(pos, aim, &a.source, &a.checked_by) : nullptr) {
    from_tables(a, pos, *t);
    for (MoveValue& m : a.moves)
      if (m.by == "table") m.source = a.source, m.checked_by = a.checked_by;
  } else {
    Searcher s{aim, limits, table, book, std::nullopt, 0, {}};
    if (limits.seconds > 0) s.deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
    // The position first: its proof puts into the table most of what the moves need.
    const Known root = s.known(pos);
    a.by = root.by;
    a.source = root.source;
    a.checked_by = root.checked_by;
    a.conflict = root.conflict;
    if (root.claim) a.claim = claim_for(*root.claim, pos.side_to_move(), 0);
    if (root.winner) {
      a.value = *root.winner == pos.side_to_move() ? Value::Win : Value::Loss;
      a.distance_known = root.plies.has_value();
      a.plies = root.plies.value_or(0);
      a.winner_moves = root.winner_moves;
    }
    MoveList list;
    generate_moves(pos, list);
    for (Move m : list) a.moves.push_back(s.value_of(pos, m));
    // The best line: each position's best move, from the book or proved with the same table, to
    // the end; a best line the book holds ends it whole.
    Position p = pos;
    for (std::size_t i = 0; i < limits.max_line && !decided(aim, p); ++i) {
      const Known k = i == 0 ? root : s.known(p);
      if (!k.line.empty() && k.by == "book") {
        a.best_line.insert(a.best_line.end(), k.line.begin(), k.line.begin() + std::ptrdiff_t(std::min(k.line.size(), limits.max_line - i)));
        break;
      }
      if (!k.winner || !k.best) break;
      a.best_line.push_back(*k.best);
      p = p.after(*k.best);
    }
    a.nodes = s.nodes;
    a.cutoffs = s.cutoffs;
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
