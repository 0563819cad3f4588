#include "app/present/game_answer.h"

#include <fmt/format.h>

#include "src/io/describe.h"
#include "src/kamisado/kfen.h"

namespace kamisado::present {

using play::GameRecord;
using play::RoundRecord;

namespace {

std::string result_text(const RoundRecord& r) {
  const Outcome& o = r.result;
  std::string how = o.ending == Ending::HomeRow ? fmt::format("on the home row with the {} tower", kColourNames[o.ring_tower])
                                                : fmt::format("by deadlock (M8); the ring goes on the {} tower", kColourNames[o.ring_tower]);
  std::string text = fmt::format("{} wins {}", side_name(o.winner), how);
  if (r.score.is_match()) text += fmt::format(": ring worth {}, score Black {} - Gold {}", r.points, r.score.points[0], r.score.points[1]);
  return text;
}

nlohmann::json round_json(const RoundRecord& r, int number) {
  nlohmann::json moves = nlohmann::json::array();
  for (Move m : r.moves) moves.push_back(to_string(m));
  nlohmann::json j = {{"round", number}, {"start", to_kfen(r.start)}, {"moves", moves}};
  if (r.result.over()) {
    j["winner"] = side_id(r.result.winner);
    j["reason"] = r.result.ending == Ending::HomeRow ? "home-row" : "deadlock";
    j["ring_tower"] = kColourNames[r.result.ring_tower];
    j["points"] = r.points;
    if (r.score.is_match()) j["score"] = {{"black", r.score.points[0]}, {"gold", r.score.points[1]}};
  }
  if (r.fill) j["fill"] = *r.fill == FillSide::Left ? "fill-left" : "fill-right";
  return j;
}
}  // namespace

nlohmann::json game_json(const GameRecord& game) {
  const Position& start = game.rounds().front().start;
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < game.rounds().size(); ++i) list.push_back(round_json(game.rounds()[i], int(i + 1)));
  nlohmann::json j = {{"start", to_kfen(start)}, {"rounds", list}, {"kfen", to_kfen(game.current())}, {"status", io::status_json(game.current())}};
  if (start.match().is_match()) j["target"] = start.match().target;
  return j;
}

std::string game_text(const GameRecord& game) {
  const auto& rounds = game.rounds();
  const Position& start = rounds.front().start;
  std::string out;
  if (start.match().is_match()) {
    // Rounds are numbered from the match's start only when the game starts there; from a
    // position later in a match, the rounds before it are not known, so they are counted from it.
    const MatchScore& score = start.match();
    const bool from_start = score.points[0] == 0 && score.points[1] == 0 && start.turn() != Turn::BetweenRounds;
    out += fmt::format("Match to {} points{}\n", score.target,
                       from_start ? "" : fmt::format(", from the given position at {}-{}", score.points[0], score.points[1]));
    int number = 0;
    for (const RoundRecord& r : rounds) {
      // A record that starts between rounds holds only the Defender's fill: it is the side to move.
      const bool between = r.start.turn() == Turn::BetweenRounds;
      if (!between)
        out += fmt::format("Round {}{}: {} moves first\n", ++number, from_start ? "" : " from the given position", side_name(r.start.side_to_move()));
      std::string line;
      for (Move m : r.moves) line += " " + to_string(m);
      if (!line.empty()) out += " " + line + "\n";
      if (r.result.over()) out += "  " + result_text(r) + "\n";
      const Side defender = between ? r.start.side_to_move() : r.result.winner;
      if (r.fill) out += fmt::format("  {}, the Defender, chooses {}\n", side_name(defender), *r.fill == FillSide::Left ? "fill-left" : "fill-right");
    }
  } else {
    std::string line;
    for (Move m : rounds.front().moves) line += " " + to_string(m);
    out += fmt::format("{} moves played:{}\n", rounds.front().moves.size(), line);
  }
  return out + to_kfen(game.current()) + "\n" + io::status_line(game.current()) + "\n";
}

}  // namespace kamisado::present
