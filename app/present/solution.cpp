#include "app/present/solution.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/present/puzzles.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using namespace kamisado::puzzles;

namespace {

struct Told {
  nlohmann::json json;
  std::string text;
};

Told tell(const Position& pos, const KeyAnalysis& a) {
  std::vector<std::string> keys, line, duals, slower;
  nlohmann::json steps = nlohmann::json::array(), slower_json = nlohmann::json::array();
  for (Move m : a.keys) keys.push_back(to_string(m));
  int turn = 0;
  for (const auto& s : a.main_line) {
    line.push_back(to_string(s.move));
    steps.push_back({{"move", to_string(s.move)}, {"by_winner", s.by_winner}});
    if (s.by_winner) steps.back()["moves_that_win"] = s.moves_that_win;
    if (s.by_winner && ++turn > 1 && s.moves_that_win > 1) duals.push_back(fmt::format("move {} ({} moves win in time)", turn, s.moves_that_win));
  }
  for (const auto& s : a.slower) {
    slower.push_back(fmt::format("{} (in {})", to_string(s.move), s.n));
    slower_json.push_back({{"move", to_string(s.move)}, {"n", s.n}});
  }
  auto listed = [](const std::vector<std::string>& v) { return v.empty() ? std::string("none") : fmt::format("{}", fmt::join(v, ", ")); };
  nlohmann::json json = {{"kfen", to_kfen(pos)},
                         {"puzzle", true},
                         {"winner", side_id(a.winner)},
                         {"n", a.n},
                         {"keys", keys},
                         {"unique_key", a.unique_key()},
                         {"main_line", steps},
                         {"dual_turns", a.dual_turns()},
                         {"slower_wins", slower_json}};
  std::string text = fmt::format("{} to move wins in {}\n", side_name(pos.side_to_move()), a.n) +
                     (a.unique_key() ? "key: " + keys[0] + " (unique)\n"
                                     : fmt::format("keys: {} (not unique: {} first moves win in {})\n", fmt::join(keys, " "), keys.size(), a.n)) +
                     fmt::format("main line: {}\nduals: {}\nslower wins: {}\n", fmt::join(line, " "), listed(duals), listed(slower));
  return {json, text};
}

}  // namespace

nlohmann::json solution_json(const Position& pos, const KeyAnalysis& a) { return tell(pos, a).json; }
std::string solution_text(const Position& pos, const KeyAnalysis& a) { return tell(pos, a).text; }

Answer solved_puzzle_answer(const Position& pos, const puzzles::SolvedPuzzle& s, const std::string& db) {
  if (!s.analysis) return no_puzzle_answer(pos);
  Answer a{solution_json(pos, *s.analysis), solution_text(pos, *s.analysis)};
  if (s.added) {
    a.json["added"] = *s.added;
    a.text += *s.added ? "added to " + db + "\n" : db + " holds it already (or its mirror image)\n";
  }
  return a;
}

}  // namespace kamisado::present
