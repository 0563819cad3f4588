#include "app/present/analysis_json.h"

#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

namespace {

nlohmann::json plies_json(bool known, int plies) { return known ? nlohmann::json(plies) : nlohmann::json(nullptr); }

// Where a value came from, beside it: the file and how it was checked, a file's unchecked claim,
// a file the search contradicts (book.h).
void add_provenance(nlohmann::json& j, const std::string& source, const std::string& checked_by, const std::optional<Claim>& claim,
                    const std::string& conflict) {
  if (!source.empty()) j["source"] = source;
  if (!checked_by.empty()) j["checked_by"] = checked_by;
  if (claim)
    j["claim"] = {{"value", value_name(claim->value)},
                  {"plies", plies_json(claim->plies.has_value(), claim->plies.value_or(0))},
                  {"source", claim->source},
                  {"checked", false}};
  if (!conflict.empty()) j["conflict"] = conflict;
}

}  // namespace

nlohmann::json analysis_json(const Analysis& a) {
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveValue& m : a.moves) {
    moves.push_back({{"move", to_string(m.move)}, {"value", value_name(m.value)}, {"plies", plies_json(m.distance_known, m.plies)}, {"by", m.by}});
    add_provenance(moves.back(), m.source, m.checked_by, m.claim, m.conflict);
  }
  nlohmann::json line = nlohmann::json::array();
  for (Move m : a.best_line) line.push_back(to_string(m));
  nlohmann::json j = {{"value", value_name(a.value)},
                      {"plies", plies_json(a.distance_known, a.plies)},
                      {"winner_moves", a.winner_moves ? nlohmann::json(*a.winner_moves) : nlohmann::json(nullptr)},
                      {"best", a.best ? nlohmann::json(to_string(*a.best)) : nlohmann::json(nullptr)},
                      {"best_line", line},
                      {"moves", moves},
                      {"complete", a.complete()},
                      {"nodes", a.nodes},
                      {"seconds", a.seconds},
                      {"by", a.by}};
  add_provenance(j, a.source, a.checked_by, a.claim, a.conflict);
  return j;
}

}  // namespace kamisado::present
