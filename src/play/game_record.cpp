#include "src/play/game_record.h"

#include "src/kamisado/rules.h"

namespace kamisado::play {

GameRecord::GameRecord(const Position& start) : current_(start) { rounds_.push_back({start, {}, {}, 0, start.match(), std::nullopt}); }

void GameRecord::play(Move m) {
  Position next = current_.after(m);
  if (m.kind() == MoveKind::Fill) {
    rounds_.back().fill = m.fill_side();
    rounds_.push_back({next, {}, {}, 0, next.match(), std::nullopt});
  } else {
    RoundRecord& round = rounds_.back();
    round.moves.push_back(m);
    if (Outcome o = round_outcome(current_, m); o.over()) {
      round.result = o;
      round.score = next.match();
      Side w = o.winner;
      round.points = next.match().is_match() ? next.match().points[index(w)] - current_.match().points[index(w)] : 1;
    }
  }
  current_ = next;
}

}  // namespace kamisado::play
