// What a puzzle shows and how hard it is, from features measured on its proved solution.
//
// Themes (each read off the main line, rules.md IDs):
//   forced-pass     a pass is played (M6)
//   deadlock-win    the round ends in a deadlock (M8)
//   colour-forcing  at some turn of the loser the colour rule leaves him one legal move (T2)
//   sumo-push       a push is played (S2-S3)
//   extra-turn      the winner pushes and so moves again at once (S4)
//   home-row-dash   the winning move runs four squares or more onto the home row (M2, M7)
// and one tag that is not a theme:
//   duals           at some later turn of the winner on the main line more than one move
//                   still wins in time (generate --no-duals refuses such puzzles)
//
// Difficulty, documented here and in the README, from features measured on the puzzle:
//   difficulty = N + log2(legal) + 2 * tempting / legal + slower / legal + 0.5 * log10(1 + proof)
// N is the winner's moves; legal the legal first moves; slower the first moves that win, but
// too slowly (key_analysis.h: they win in more than N); proof the positions in the puzzle's
// certificate (certificate.h), the size of what must be seen to be sure of the key, every
// defence answered. A first move is tempting (a trap) if it is not a key, yet a player who judges each first move at sight
// (by the position it leads to, with the alpha-beta player's evaluation: threats onto the goal
// row and advance, play/alphabeta_player.h) rates it at least as high as the key: it looks as
// good as the solution and is not one (it wins only slower, or loses). At sight, not deeper:
// the player's own 3-ply search already sees every win in 3, so it would find no trap there.
// Each term grows with what makes a puzzle harder for a person: length, choice, traps, wins
// that are not fast enough, and the breadth of the calculation. reports/puzzles.md plots how
// it spreads over N.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/puzzle.h"
#include "src/kamisado/position.h"

namespace kamisado::puzzles {

inline const std::vector<std::string> kThemes = {"forced-pass", "deadlock-win",  "colour-forcing", "sumo-push",
                                                 "extra-turn",  "home-row-dash", "duals"};

// Fills legal_moves, tempting, themes and difficulty from `pos`, puzzle.analysis and
// puzzle.proof_size.
void measure(const Position& pos, Puzzle& puzzle);

// How far the judge of a trap looks below the first move (plies; 0: the position it leads to).
constexpr int kTrapDepth = 0;

// The tempting first moves of `pos` whose key is `key` (see above).
std::vector<Move> tempting_moves(const Position& pos, Move key);

// The difficulty from its terms (see above).
double difficulty(int n, int legal_moves, int tempting, int slower, std::uint64_t proof_size);

}  // namespace kamisado::puzzles
