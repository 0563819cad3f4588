// Who won the round being played at a position, if it is over: the winner of a finished single
// round or match (M7, M8, P3), or between the rounds of a match the Defender, who is to move
// (F1). What the solver proves is always the winner of the round.
#pragma once

#include <optional>

#include "kamisado/position.h"

namespace kamisado::solver {

inline std::optional<Side> round_winner(const Position& pos) {
  if (pos.outcome().over()) return pos.outcome().winner;
  if (pos.turn() == Turn::BetweenRounds) return pos.side_to_move();
  return std::nullopt;
}

}  // namespace kamisado::solver
