#include "solver/search/goal.h"

#include <charconv>

#include "solver/search/solve.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

Aim parse_aim(const std::string& text, const Position& pos) {
  if (text == "round") {
    require_round_in_play(pos, pos.outcome().over() ? "" : "; the goal match asks who wins the match");
    return Aim::round();
  }
  const bool match = pos.match().is_match();
  if (pos.outcome().over())
    throw InputError("the " + std::string(match ? "match" : "round") + " is already over at this position: there is nothing to solve");
  if (text == "match") {
    if (!match) throw InputError("the goal match needs a match position: this KFEN has no match field (target:score-score, P3)", "goal");
    return Aim::match();
  }
  if (text.rfind("ring:", 0) == 0) {
    const std::optional<Aim> ring = aim_from_id(text, pos.side_to_move());
    if (!ring) throw InputError("the goal " + text + ": a ring is worth 1, 2, 4 or 8 points (P2)", "goal");
    if (!match) throw InputError("the goal " + text + " needs a match position: a single round places no ring (P1)", "goal");
    if (pos.turn() == Turn::BetweenRounds)
      throw InputError("the goal " + text + ": the round is already over at this position (between rounds), its ring placed", "goal");
    return Aim::ring(pos.side_to_move(), ring->points, pos);
  }
  throw InputError("'" + text + "' is no goal: give round, match or ring:P (P = 1, 2, 4 or 8)", "goal");
}

std::string aim_id(const Aim& aim) {
  switch (aim.kind) {
    case AimKind::Round: return "round";
    case AimKind::Match: return "match";
    case AimKind::Ring: break;
  }
  return "ring:" + std::to_string(aim.points);
}

std::optional<Aim> aim_from_id(std::string_view text, Side owner) {
  if (text == "round") return Aim::round();
  if (text == "match") return Aim::match();
  if (text.rfind("ring:", 0) != 0) return std::nullopt;
  int points = 0;
  auto [end, ec] = std::from_chars(text.data() + 5, text.data() + text.size(), points);
  if (ec != std::errc() || end != text.data() + text.size() || !is_ring_value(points)) return std::nullopt;
  return Aim{AimKind::Ring, owner, std::uint8_t(points), 0};
}

RoundStakes round_stakes(const Position& pos, const SolveLimits& limits, TranspositionTable& table) {
  RoundStakes s;
  for (Side side : {Side::Black, Side::Gold}) {
    int best = 0;
    bool known = true;
    for (int points : {8, 4, 2, 1}) {
      SolveResult r = solve(pos, limits, table, false, Aim::ring(side, points, pos));
      if (r.value == Value::Unknown) {
        known = false;
        break;
      }
      if (winner(r, pos) == side) {
        best = points;
        break;
      }
    }
    if (known) s.best_ring[index(side)] = best;
  }
  return s;
}

}  // namespace kamisado::solver
