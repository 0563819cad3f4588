#include "puzzles/studies.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "puzzles/generator.h"
#include "puzzles/key_analysis.h"
#include "solver/retro/retro_build.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::puzzles {

namespace {

struct Candidate {
  int order = 0;  // longest first: the winner's moves (opening) or the table's plies
  Position pos;
  std::vector<std::string> prefix;
};

// Tries candidates from the longest down; keeps those with a unique key, one per class (B3).
class Picker {
 public:
  Picker(solver::TranspositionTable& table, const solver::SolveLimits& limits, std::set<std::string>& seen)
      : table_(table), limits_(limits), seen_(seen) {}

  void pick(std::vector<Candidate>& candidates, int wanted, const std::string& source, std::vector<Puzzle>& out) {
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) { return a.order > b.order; });
    int found = 0;
    for (const Candidate& c : candidates) {
      if (found >= wanted) break;
      if (limits_.stop && limits_.stop->load()) throw Stopped("stopped while looking for studies; run again to go on");
      if (count_moves(c.pos) < 2) continue;
      std::string canonical = canonical_kfen(c.pos);
      if (seen_.count(canonical)) continue;
      std::optional<KeyAnalysis> a = analyse_key(c.pos, table_, limits_);
      if (!a || !a->unique_key()) continue;
      seen_.insert(canonical);
      Puzzle p = make_puzzle(c.pos, std::move(*a), source, c.prefix, table_, limits_);
      p.kind = "study";
      out.push_back(std::move(p));
      ++found;
    }
  }

 private:
  solver::TranspositionTable& table_;
  const solver::SolveLimits& limits_;
  std::set<std::string>& seen_;
};

// The opening's candidates: one and two plies from the start, the side to move winning.
std::vector<Candidate> opening_candidates(solver::TranspositionTable& table, const solver::SolveLimits& limits, io::Progress& progress) {
  const Position start = parse_kfen(kStartKfen);
  std::vector<Candidate> out;
  std::set<std::string> classes;
  MoveList first;
  generate_moves(start, first);
  std::size_t done = 0;
  for (Move m1 : first) {
    Position p1 = start.after(m1);
    ++done;
    progress.count("studies: the opening", done, first.size(), "first moves");
    if (round_winner(p1) || !classes.insert(canonical_kfen(p1)).second) continue;
    if (auto n = winner_moves_to_win(p1, p1.side_to_move(), table, limits)) {
      out.push_back({*n, p1, {to_string(m1)}});
      continue;
    }
    MoveList replies;
    generate_moves(p1, replies);
    for (Move m2 : replies) {
      Position p2 = p1.after(m2);
      if (round_winner(p2) || !classes.insert(canonical_kfen(p2)).second) continue;
      if (auto n = winner_moves_to_win(p2, p2.side_to_move(), table, limits)) out.push_back({*n, p2, {to_string(m1), to_string(m2)}});
    }
  }
  return out;
}

// A table's candidates: its positions where the side to move wins, by plies.
std::vector<Candidate> table_candidates(const solver::RetroRoot& root, const std::atomic<bool>* stop, io::Progress& progress) {
  solver::RetroBuildLimits build;
  build.stop = stop;
  build.progress = [&](const solver::RetroBuildProgress&) {
    progress.tick([&] { return fmt::format("studies: building the table of {}", root.name); });
  };
  solver::RetroTable table = solver::build_retro_table(parse_kfen(root.kfen), build);
  // Only the longest wins are tried: keep the entries of the 8 largest distances.
  std::set<int> distances;
  for (const solver::RetroEntry& e : table.entries())
    if (e.value().win) {
      distances.insert(e.value().distance);
      if (distances.size() > 8) distances.erase(distances.begin());
    }
  std::vector<Candidate> out;
  for (const solver::RetroEntry& e : table.entries())
    if (e.value().win && !distances.empty() && e.value().distance >= *distances.begin())
      out.push_back({e.value().distance, table.frame().decode(e.key()), {}});
  return out;
}

}  // namespace

std::vector<Puzzle> find_studies(const StudyOptions& o, const io::Lines& lines) {
  solver::SolveLimits limits;
  limits.hash_mb = o.hash_mb;
  limits.stop = o.stop;
  solver::TranspositionTable table(o.hash_mb);
  io::Progress progress(lines);
  std::set<std::string> seen;
  Picker picker(table, limits, seen);
  std::vector<Puzzle> out;
  try {
    if (o.from_opening > 0) {
      std::vector<Candidate> c = opening_candidates(table, limits, progress);
      picker.pick(c, o.from_opening, "the opening: one or two plies from the start", out);
    }
    for (const solver::RetroRoot& root : o.roots) {
      if (o.per_table <= 0) break;
      std::vector<Candidate> c = table_candidates(root, o.stop, progress);
      picker.pick(c, o.per_table, fmt::format("the retrograde table of {} ({}): a position reachable from its root", root.name, root.kfen), out);
    }
  } catch (const Stopped&) {
    throw Stopped("stopped while looking for studies; run again to go on");
  }
  return out;
}

}  // namespace kamisado::puzzles
