// The record of a game: a single round, or a match round by round (P1–P3, F1), built move by
// move as the game is played.
#pragma once

#include <optional>
#include <vector>

#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado::play {

struct RoundRecord {
  Position start;
  std::vector<Move> moves;       // the round's moves, passes included (M9)
  Outcome result;                // how it ended; Ending::None while it is being played
  std::uint32_t points = 0;      // what the winner scored (P2); 1 in a single round (P1)
  MatchScore score;              // the score after the round
  std::optional<FillSide> fill;  // the Defender's choice that followed (F1)
};

class GameRecord {
 public:
  explicit GameRecord(const Position& start);
  // Plays `m`, which must be legal in current(), and records it.
  void play(Move m);
  const Position& current() const { return current_; }
  const std::vector<RoundRecord>& rounds() const { return rounds_; }
  bool over() const { return current_.outcome().over(); }

 private:
  Position current_;
  std::vector<RoundRecord> rounds_;
};

}  // namespace kamisado::play
