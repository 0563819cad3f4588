// The words for what the engines return, where more than one command or page says them: a
// retrograde value ("win in 3 plies") and an aim ("the round", "the match").
#pragma once

#include <string>

#include "solver/retro/retro_table.h"
#include "solver/search/aim.h"

namespace kamisado::present {

// "win in 3 plies", "loss in 1 ply": a value as the commands print it.
std::string value_text(solver::RetroValue v);
// The words for an aim: "the round", "the match", "this round with a ring worth 2 or more".
std::string aim_text(const solver::Aim& aim);

}  // namespace kamisado::present
