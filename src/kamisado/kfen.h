// Notation (rules.md §6): KFEN for positions, and the move notation.
//
// FORMAT (KFEN, version 1 as in rules.md §6)
//   <board> <side> <tower> [<target>:<black points>-<gold points>]
//   board  ranks 8 down to 1 separated by '/'; in a rank files a to h; a digit 1-8 is a run of
//          empty squares; a tower is its colour letter N G R Y K P B O, uppercase for Black,
//          lowercase for Gold, followed by one '+' per ring (0 to 4, B4).
//   side   'b' or 'g': the side to move.
//   tower  the colour letter of the tower the side to move must move, written in that side's
//          case; '-' for free choice on a round's first move (T1); '*' between the rounds of a
//          match, the side to move being the Defender (F1).
//   match  optional; without it the game is a single round (P1).
// Fields are separated by single spaces in canonical form; the parser also takes runs of
// blanks. Digit runs in a rank may be split ("44") on input; printing merges them.
//
// Parsing never guesses: every malformed or impossible position is refused with a one-line
// NotationError that names the field and, where there is one, the character at fault (1-based
// offset in the input).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "src/kamisado/errors.h"
#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado {

// Malformed text: a KFEN or a move that cannot be read.
class NotationError : public InputError {
 public:
  using InputError::InputError;
};

// A well-formed move that is not legal in the position.
class IllegalMove : public InputError {
 public:
  using InputError::InputError;
};

constexpr std::string_view kStartKfen = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -";

Position parse_kfen(std::string_view text);
std::string to_kfen(const Position& pos);

// "c1c4" (a step or a push, written as the moving tower's from-to), "pass", "fill-left",
// "fill-right".
std::string to_string(Move m);
std::string square_name(Square s);

// The legal moves of `pos` in notation, in the move generator's order (none when the game is
// over); and the same separated by spaces.
std::vector<std::string> legal_move_names(const Position& pos);
std::string legal_moves_text(const Position& pos);

// Reads a move and finds it among the legal moves of `pos`. Throws NotationError when the text
// is not a move at all, IllegalMove when it is one but not legal here.
Move parse_move(const Position& pos, std::string_view text);

}  // namespace kamisado
