// The "alphabeta" player: a fixed-depth alpha-beta search with a static evaluation, choosing at
// random (seeded) among the moves that score within a small margin of the best (with a win or a
// loss in sight, only the fastest win or the longest defence). It plays like a
// decent player who sees a few plies ahead, and its games differ from seed to seed, which is
// what the puzzle generator needs from its games (issue 6: "play between decent players").
//
// The search's score is for the side to move. A round's end is exact (a win or loss at ply p
// scores ±(kWin − p), so a faster win and a longer defence are preferred); a leaf is scored by
//   10 · (threats of the mover − threats of the opponent) + (advance of the mover − of the opponent)
// where a threat is a tower with a step onto its goal row (M7) and the advance is the sum of the
// towers' distances from their home row. A leaf where the designated tower (M5) of the side to
// move reaches its goal row is a win one ply on, and scores as such.
#pragma once

#include <cstdint>
#include <memory>

#include "src/play/players.h"

namespace kamisado::play {

struct AlphaBetaOptions {
  int depth = 3;   // plies searched below each of the root's moves
  int margin = 2;  // a move is "good" if it scores at least best − margin
};

std::unique_ptr<Player> make_alphabeta_player(std::uint64_t seed, const AlphaBetaOptions& options = {});

// The player's score of the move `m` from `pos`, for the side to move, with `depth` plies
// searched below it (full window): how good the move looks to someone who sees that far.
int shallow_score(const Position& pos, Move m, int depth = AlphaBetaOptions{}.depth);

}  // namespace kamisado::play
