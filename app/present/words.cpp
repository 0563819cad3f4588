#include "app/present/words.h"

namespace kamisado::present {

using namespace kamisado::solver;

std::string value_text(RetroValue v) {
  return std::string(v.win ? "win" : "loss") + " in " + std::to_string(v.distance) + (v.distance == 1 ? " ply" : " plies");
}

std::string aim_text(const Aim& aim) {
  switch (aim.kind) {
    case AimKind::Round: return "the round";
    case AimKind::Match: return "the match";
    case AimKind::Ring: break;
  }
  return "this round with a ring worth " + std::to_string(aim.points) + (aim.points < 8 ? " or more" : "");
}

}  // namespace kamisado::present
