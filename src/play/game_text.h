// A game as people type it: moves given as text and played with errors that name the culprit,
// and built-in players playing on. The record it leaves (play/game_record.h) is told as text and
// JSON by app/present/game_answer.h; `kamisado play` is these calls and that.
#pragma once

#include <cstdint>
#include <string>

#include "src/play/game_record.h"

namespace kamisado::play {

// Plays `moves` (separated by spaces or commas) on `game`. A word that is no move, a move
// after the game's end, or an illegal move is an InputError naming its number in the list (and
// the legal moves there).
void play_moves(GameRecord& game, const std::string& moves);

// Lets the named players (play/players.h; "" for none) play on until the game ends or the side
// to move has no player.
void play_on(GameRecord& game, const std::string& black, const std::string& gold, std::uint64_t seed);

}  // namespace kamisado::play
