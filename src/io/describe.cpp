#include "src/io/describe.h"

#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"

namespace kamisado::io {

std::string tower_label(Side s, Colour c) { return std::string(side_name(s)) + " " + std::string(kColourNames[c]); }

std::string status_line(const Position& pos) {
  const Outcome& o = pos.outcome();
  const MatchScore& m = pos.match();
  Side s = pos.side_to_move();
  switch (o.ending) {
    case Ending::HomeRow:
      return fmt::format("{} wins: the {} tower reached {}'s home row (M7)", side_name(o.winner), tower_label(o.winner, o.ring_tower),
                         side_name(~o.winner));
    case Ending::Deadlock:
      return fmt::format(
          "{} wins by deadlock: {}'s last move left a chain of passes that never "
          "ends (M8)",
          side_name(o.winner), side_name(~o.winner));
    case Ending::MatchWon:
      return fmt::format("{} wins the match {}-{} (target {}, P3)", side_name(o.winner), m.points[index(o.winner)], m.points[index(~o.winner)],
                         m.target);
    case Ending::None: break;
  }
  switch (pos.turn()) {
    case Turn::BetweenRounds: return fmt::format("between rounds: {}, the Defender, chooses fill-left or fill-right (F1)", side_name(s));
    case Turn::FreeChoice: return fmt::format("{} to move, any tower (T1)", side_name(s));
    case Turn::Designated: break;
  }
  Colour c = pos.designated();
  std::string line = fmt::format("{} to move the {} tower on {}", side_name(s), std::string(kColourNames[c]), square_name(pos.square_of(s, c)));
  if (!can_act(pos, s, c)) {
    int passes = pass_chain_length(pos, s, c);
    line += fmt::format(", which is blocked: a forced pass (M6), {} in a row", passes);
  }
  return line;
}

nlohmann::json status_json(const Position& pos) {
  const Outcome& o = pos.outcome();
  nlohmann::json j;
  switch (o.ending) {
    case Ending::HomeRow:
    case Ending::Deadlock:
      j["state"] = "won";
      j["winner"] = side_id(o.winner);
      j["reason"] = o.ending == Ending::HomeRow ? "home-row" : "deadlock";
      j["ring_tower"] = kColourNames[o.ring_tower];
      break;
    case Ending::MatchWon:
      j["state"] = "match-won";
      j["winner"] = side_id(o.winner);
      break;
    case Ending::None: j["state"] = pos.turn() == Turn::BetweenRounds ? "between-rounds" : "ongoing"; break;
  }
  j["text"] = status_line(pos);
  return j;
}

nlohmann::json position_json(const Position& pos) {
  nlohmann::json j;
  j["kfen"] = to_kfen(pos);
  j["side_to_move"] = side_id(pos.side_to_move());
  switch (pos.turn()) {
    case Turn::FreeChoice: j["turn"] = "free-choice"; break;
    case Turn::BetweenRounds: j["turn"] = "between-rounds"; break;
    case Turn::Designated:
      j["turn"] = "designated";
      j["designated"] = kColourNames[pos.designated()];
      j["designated_square"] = square_name(pos.square_of(pos.side_to_move(), pos.designated()));
      break;
  }
  nlohmann::json towers = nlohmann::json::array();
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c)
      towers.push_back({{"side", side_id(s)},
                        {"colour", kColourNames[c]},
                        {"square", square_name(pos.square_of(s, Colour(c)))},
                        {"rank", pos.rank_of_tower(s, Colour(c))}});
  j["towers"] = towers;
  if (pos.match().is_match()) j["match"] = {{"target", pos.match().target}, {"black", pos.match().points[0]}, {"gold", pos.match().points[1]}};
  j["key"] = fmt::format("{:016x}", pos.key());
  j["status"] = status_json(pos);
  return j;
}

std::string board_text(const Position& pos) {
  std::string out = "     a  b  c  d  e  f  g  h         square colours\n";
  for (int r = 7; r >= 0; --r) {
    out += fmt::format("  {} ", r + 1);
    for (int f = 0; f < 8; ++f) {
      Square sq = make_square(f, r);
      std::string cell = ".";
      if (auto t = pos.tower_on(sq)) {
        cell = std::string(1, kColourLetters[t->colour]);
        if (t->side == Side::Gold) cell[0] = char(std::tolower(cell[0]));
        cell.append(std::size_t(pos.rank_of_tower(t->side, t->colour)), '+');
      }
      out += fmt::format("{:<3}", cell);
    }
    out += fmt::format("{}      ", r + 1);
    for (int f = 0; f < 8; ++f) out += fmt::format(" {}", kColourLetters[colour_of(make_square(f, r))]);
    out += "\n";
  }
  out += "     a  b  c  d  e  f  g  h\n";
  out += "  Black: uppercase, moving up; Gold: lowercase, moving down; + is a ring.\n";
  return out;
}
}  // namespace kamisado::io
