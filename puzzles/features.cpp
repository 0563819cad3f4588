#include "puzzles/features.h"

#include <cmath>
#include <cstdlib>

#include "kamisado/movegen.h"
#include "kamisado/rules.h"

namespace kamisado::puzzles {

void measure(const Position& pos, Puzzle& puzzle) {
  const KeyAnalysis& a = puzzle.analysis;
  MoveList first;
  generate_moves(pos, first);
  puzzle.legal_moves = int(first.size());
  puzzle.tempting = puzzle.legal_moves - int(a.keys.size());

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
  puzzle.difficulty = a.n + std::log2(double(puzzle.legal_moves)) +
                      2.0 * puzzle.tempting / double(puzzle.legal_moves) + 0.5 * std::log10(1.0 + double(a.nodes));
}

}  // namespace kamisado::puzzles
