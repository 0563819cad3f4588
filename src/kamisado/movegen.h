// Move generation: which moves the side to move may make (rules.md T1–T2, M1–M6, S1–S5, F1).
//
// The hot path is count_moves(), used for bulk counting at perft's last ply: a popcount of the
// designated tower's targets, with no list built.
#pragma once

#include "kamisado/bitboard.h"
#include "kamisado/move.h"
#include "kamisado/position.h"

namespace kamisado {

// M1–M4, S1: the squares the tower (s, c) may step to.
Bitboard step_targets(const Position& pos, Side s, Colour c);

// S2: the square the Sumo (s, c) moves to if it may push, else 0.
Bitboard push_target(const Position& pos, Side s, Colour c);

// S2.3: the towers of `side` with a rank strictly below `rank`: what an opposing tower of that
// rank may push.
Bitboard towers_below_rank(const Position& pos, Side side, int rank);

// M6, S5: the tower has a step or a push. A tower of any rank that can step can step one square
// (every range is at least 1), so only the three squares ahead need looking at.
bool can_act(const Position& pos, Side s, Colour c);

// Every legal move, in a fixed order (towers by square, then targets by square, then a push,
// then pass). Empty exactly when the game is over: a forced pass is a move (M6).
void generate_moves(const Position& pos, MoveList& out);

// generate_moves(pos).size(), without building the list.
int count_moves(const Position& pos);

}  // namespace kamisado
