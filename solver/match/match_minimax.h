// An independent referee for the match search: a plain memoized minimax over whole matches.
//
// It shares nothing with df-pn (search/dfpn.h) and nothing with the engine's match rules: it
// plays each round as a single round (P1) with the engine's move generator and Position::after,
// which decide how a round is won (M1–M9, S1–S5) and which tower earns the ring, and applies
// the match rules itself, from rules.md as written: the ring and its points (P2), the end of
// the match (P3), the Defender's choice and the regrouping of both players (F1–F3). So a wrong
// ring value or fill direction in the engine makes the two disagree (tests/test_match_search.cpp).
//
// No proof numbers: "does x win within d plies?" is true at x's turn if one move leads to a win
// within d − 1, at the other's if all do, remembered by position, score and d. Asked for
// d = 1, 2, … for each side until one wins (there are no draws, so one does), it finds the
// winner and the length of the shortest forced win, counted in plies (fills and passes count).
// Moves that end the round are tried first; the order changes the time taken, never the value.
// Exhaustive, so only for small questions: late rounds, short matches. `max_positions` bounds
// the memo; beyond it the answer is nullopt.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "src/kamisado/position.h"

namespace kamisado::solver {

struct MinimaxResult {
  std::optional<Side> winner;   // of the match; nullopt: stopped at max_positions
  int plies = 0;                // the shortest win the winner can force
  std::uint64_t positions = 0;  // distinct positions valued
};

// The referee's own regrouping (F1–F3): where `player`'s towers stand after the Defender of
// `board` (between rounds) fills from the left or the right, by colour.
std::array<Square, 8> referee_regroup(const Position& board, Side player, bool left);

// Who wins the match from `pos` (a match KFEN's position, any turn, not finished) with best play.
// `max_plies` (0: none): no win within that many plies leaves the answer nullopt, before the
// longer (and dearer) depths are asked.
MinimaxResult match_minimax(const Position& pos, std::uint64_t max_positions = 5'000'000, int max_plies = 0);

}  // namespace kamisado::solver
