#include "solver/match/round_start_oracle.h"

namespace kamisado::solver {

std::optional<Side> TableOracle::match_winner(const Position& start) const {
  const std::optional<RoundStart> s = round_start_of(start);
  if (!s || !s->match.is_match()) return std::nullopt;
  const std::optional<RoundStartValue> v = table_.find(*s);
  if (!v) return ++misses_, std::nullopt;
  ++hits_;
  return v->first_mover_wins ? s->rows.first : ~s->rows.first;
}

}  // namespace kamisado::solver
