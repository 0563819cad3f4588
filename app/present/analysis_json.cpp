#include "app/present/analysis_json.h"

#include <map>
#include <utility>

#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::solver;

namespace {

nlohmann::json plies_json(bool known, int plies) { return known ? nlohmann::json(plies) : nlohmann::json(nullptr); }

// The answer's sources, each described once and named by a short id where it is used: a book's
// source line and how it was checked run to some 330 characters, and the set-up's 102 moves all
// come from one.
class Sources {
 public:
  std::string id(const std::string& file, const std::string& checked_by) {
    auto [it, added] = ids_.emplace(std::make_pair(file, checked_by), "s" + std::to_string(ids_.size() + 1));
    if (added) described_[it->second] = {{"file", file}, {"checked_by", checked_by.empty() ? nlohmann::json(nullptr) : nlohmann::json(checked_by)}};
    return it->second;
  }
  const nlohmann::json& json() const { return described_; }

 private:
  std::map<std::pair<std::string, std::string>, std::string> ids_;
  nlohmann::json described_ = nlohmann::json::object();
};

// Where a value came from, beside it: the file and how it was checked, a file's unchecked claim,
// a file the search contradicts (book.h).
void add_provenance(nlohmann::json& j, Sources& sources, const std::string& source, const std::string& checked_by, const std::optional<Claim>& claim,
                    const std::string& conflict) {
  if (!source.empty()) j["source"] = sources.id(source, checked_by);
  if (claim)
    j["claim"] = {{"value", value_name(claim->value)},
                  {"plies", plies_json(claim->plies.has_value(), claim->plies.value_or(0))},
                  {"source", sources.id(claim->source, "")},
                  {"checked", false}};
  if (!conflict.empty()) j["conflict"] = conflict;
}

nlohmann::json cutoffs_json(const Cutoffs& c) {
  nlohmann::json j = nlohmann::json::array();
  if (c.time) j.push_back("time");
  if (c.nodes) j.push_back("nodes");
  if (c.stopped) j.push_back("stopped");
  return j;
}

}  // namespace

nlohmann::json analysis_json(const Analysis& a) {
  Sources sources;
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveValue& m : a.moves) {
    moves.push_back({{"move", to_string(m.move)}, {"value", value_name(m.value)}, {"plies", plies_json(m.distance_known, m.plies)}, {"by", m.by}});
    add_provenance(moves.back(), sources, m.source, m.checked_by, m.claim, m.conflict);
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
                      {"cut_by", a.complete() ? nlohmann::json::array() : cutoffs_json(a.cutoffs)},
                      {"nodes", a.nodes},
                      {"seconds", a.seconds},
                      {"by", a.by}};
  add_provenance(j, sources, a.source, a.checked_by, a.claim, a.conflict);
  j["sources"] = sources.json();
  return j;
}

}  // namespace kamisado::present
