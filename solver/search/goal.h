// Matches (rules.md P2–P3, F1–F3) as the solver sees them: a goal given as text (`round`,
// `match`, `ring:P`) made into an aim (search/aim.h) for a position, with the checks that the
// question makes sense there, and the stakes of a round: the most valuable ring each side can
// force the round to end with.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "solver/search/aim.h"
#include "solver/search/dfpn.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// `round`, `match` or `ring:P` (P = 1, 2, 4 or 8: the side to move wins the round with a ring
// worth P or more). Throws InputError (exit 2) for a goal that `pos` cannot be asked: a match
// goal without a match field, a ring of another value, a round or ring goal once the round is
// over, any goal once the match is. The errors speak of the goal (field "goal"); the asker names
// it its own way (--goal on the command line, goal= in a URL, goal in `go`).
Aim parse_aim(const std::string& text, const Position& pos);

// The aim's one text form, on the command line, in checkpoints and in proof files: "round",
// "match" or "ring:P". A ring's owner is not in it: it is the side to move where the goal is
// asked (the root). aim_id prints it; aim_from_id reads it, giving the ring to `owner` (with no
// base score: Aim::ring sets that from a position), or nullopt if `text` is not one.
std::string aim_id(const Aim& aim);
std::optional<Aim> aim_from_id(std::string_view text, Side owner);

// For each side, the most valuable ring (1, 2, 4 or 8 points) it can force the round being
// played to end with, 0 if it cannot win the round, nullopt if the limits stopped the search.
// Proved with ring goals, most valuable first, in `table`.
struct RoundStakes {
  std::array<std::optional<int>, 2> best_ring;  // by side index
};
RoundStakes round_stakes(const Position& pos, const SolveLimits& limits, TranspositionTable& table);

}  // namespace kamisado::solver
