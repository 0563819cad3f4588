// The spec (spec.h) asked of a concrete position, for checking an engine's counts position by
// position (retro stats, issue 70): what follows a real move (the chain of forced passes, M6, M9,
// or a deadlock and its loser, M8) and how many towers a push pushes (S2), each worked out from
// the spec's own colour table, ranges and push conditions on the board before the move, with Z3
// evaluating the spec's expressions on constants. Nothing here asks the engine but the board it
// is given and the squares of the move.
#pragma once

#include <string>

#include "src/kamisado/move.h"
#include "src/kamisado/position.h"
#include "src/verify/witnesses.h"

namespace kamisado::verify {

// The spec's count of towers the push `m` pushes from `before` (S2): 0 if it may not push.
int spec_pushed_count(const Position& before, Move m);

// What follows the real move `m` (a step or a push that does not end the round on the home row)
// from `before`, by the spec: ChainVerdict as in witnesses.h, a deadlock's next_side its loser.
ChainVerdict spec_after_real_move(const Position& before, Move m);

// The engine's own verdict after the same move (round_outcome, Position::after, engine_chain).
ChainVerdict engine_after_real_move(const Position& before, Move m);

// Every real move of `pos` that does not reach the home row: the spec's and the engine's
// verdicts (`engine`: the engine's own, or a broken one in a test), and for a push the towers
// pushed. "" if they agree, else what differs, in one line.
using EngineAfterMove = ChainVerdict (*)(const Position& before, Move m);
std::string compare_with_spec(const Position& pos, EngineAfterMove engine = engine_after_real_move);

}  // namespace kamisado::verify
