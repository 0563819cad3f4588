#include "present/analysis.h"

#include "kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

nlohmann::json analysis_json(const Analysis& a) {
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveValue& m : a.moves) {
    moves.push_back({{"move", to_string(m.move)},
                     {"value", value_name(m.value)},
                     {"plies", m.distance_known ? nlohmann::json(m.plies) : nlohmann::json(nullptr)},
                     {"by", m.by}});
    if (!m.source.empty()) moves.back()["source"] = m.source;  // where the book or table proved it
  }
  nlohmann::json line = nlohmann::json::array();
  for (Move m : a.best_line) line.push_back(to_string(m));
  nlohmann::json j = {{"value", value_name(a.value)},
                      {"plies", a.distance_known ? nlohmann::json(a.plies) : nlohmann::json(nullptr)},
                      {"winner_moves", a.winner_moves ? nlohmann::json(*a.winner_moves) : nlohmann::json(nullptr)},
                      {"best", a.best ? nlohmann::json(to_string(*a.best)) : nlohmann::json(nullptr)},
                      {"best_line", line},
                      {"moves", moves},
                      {"complete", a.complete()},
                      {"nodes", a.nodes},
                      {"seconds", a.seconds},
                      {"by", a.by}};
  if (!a.source.empty()) j["source"] = a.source;
  return j;
}

}  // namespace kamisado::present
