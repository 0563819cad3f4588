#include "app/present/search_answer.h"

#include "solver/search/goal.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

nlohmann::json search_answer_json(const Position& pos, const Aim& aim, const SolveResult& r) {
  const bool known = r.value != Value::Unknown;
  const double rate = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
  nlohmann::json j = {{"kfen", to_kfen(pos)}, {"goal", aim_id(aim)},  {"value", value_name(r.value)}, {"side_to_move", side_id(pos.side_to_move())},
                      {"nodes", r.nodes},     {"seconds", r.seconds}, {"nodes_per_second", rate},     {"root_pn", r.root_pn},
                      {"root_dn", r.root_dn}};
  if (known) j["winner"] = side_id(winner(r, pos));
  if (r.best) j["best"] = to_string(*r.best);
  if (r.distance_known)
    j["distance"] = {{"plies", r.plies}, {"winner_moves", r.winner_moves}};
  else if (known && r.plies_bounds.exact())
    j["distance"] = {{"plies", r.plies_bounds.at_most}, {"winner_moves", nullptr}};
  else if (known && r.plies_bounds.at_most != kNever)
    j["distance_bounds"] = {{"at_least", r.plies_bounds.at_least}, {"at_most", r.plies_bounds.at_most}};
  return j;
}

}  // namespace kamisado::present
