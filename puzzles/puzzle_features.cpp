#include "puzzles/puzzle_features.h"

#include <cmath>
#include <cstdlib>

#include <algorithm>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"
#include "src/play/alphabeta_player.h"

namespace kamisado::puzzles {

std::vector<Move> tempting_moves(const Position& pos, Move key) {
  MoveList first;
  generate_moves(pos, first);
  const int bar = play::shallow_score(pos, key, kTrapDepth);
  std::vector<Move> tempting;
  for (Move m : first)
    if (m != key && play::shallow_score(pos, m, kTrapDepth) >= bar) tempting.push_back(m);
  return tempting;
}

double difficulty(int n, int legal_moves, int tempting, int slower, std::uint64_t proof_size) {
  return n + std::log2(double(legal_moves)) + (2.0 * tempting + slower) / double(legal_moves) + 0.5 * std::log10(1.0 + double(proof_size));
}

void measure(const Position& pos, Puzzle& puzzle) {
  const KeyAnalysis& a = puzzle.analysis;
  MoveList first;
  generate_moves(pos, first);
  puzzle.legal_moves = int(first.size());
  // A puzzle has one key (generator.h); with several, a trap is what beats all of them.
  puzzle.tempting = 0;
  if (!a.keys.empty()) {
    std::vector<Move> t = tempting_moves(pos, a.keys.front());
    for (Move m : t) puzzle.tempting += std::find(a.keys.begin(), a.keys.end(), m) == a.keys.end();
  }

  bool pass = false, deadlock = false, forcing = false, push = false, extra = false, dash = false;
  Position p = pos;
  for (std::size_t i = 0; i < a.main_line.size(); ++i) {
    const LineStep& s = a.main_line[i];
    if (!s.by_winner && count_moves(p) == 1) forcing = true;
    if (s.move.kind() == MoveKind::Pass) pass = true;
    if (s.move.kind() == MoveKind::Push) {
      push = true;
      extra = extra || s.by_winner;
    }
    if (i + 1 == a.main_line.size()) {
      Outcome o = round_outcome(p, s.move);
      deadlock = o.ending == Ending::Deadlock;
      dash = o.ending == Ending::HomeRow && std::abs(rank_of(s.move.to()) - rank_of(s.move.from())) >= 4;
    }
    p = p.after(s.move);
  }
  puzzle.themes.clear();
  const bool has[] = {pass, deadlock, forcing, push, extra, dash, a.dual_turns() > 0};
  for (std::size_t t = 0; t < kThemes.size(); ++t)
    if (has[t]) puzzle.themes.push_back(kThemes[t]);
  puzzle.difficulty = difficulty(a.n, puzzle.legal_moves, puzzle.tempting, int(a.slower.size()), puzzle.proof_size);
}

}  // namespace kamisado::puzzles
