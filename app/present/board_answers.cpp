#include "app/present/board_answers.h"

#include <algorithm>

#include "app/present/analysis_json.h"
#include "solver/search/goal.h"
#include "src/io/board_svg.h"
#include "src/io/describe.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

namespace kamisado::present {

namespace {

// The towers a push moved back (S3), each with where it stood and where it stands now, the
// furthest last: its square's colour is the tower the pusher moves again with (S4).
nlohmann::json pushed_towers(const Position& before, const Position& after) {
  const Side pushed = ~before.side_to_move();
  nlohmann::json towers = nlohmann::json::array();
  for (int c = 0; c < kColours; ++c)
    if (const Colour colour = Colour(c); before.square_of(pushed, colour) != after.square_of(pushed, colour))
      towers.push_back({{"tower", io::tower_label(pushed, colour)},
                        {"from", square_name(before.square_of(pushed, colour))},
                        {"to", square_name(after.square_of(pushed, colour))}});
  // Nearest the pusher first: a column pushed one square moves its towers in order.
  const bool black_pushes = before.side_to_move() == Side::Black;
  std::sort(towers.begin(), towers.end(), [black_pushes](const nlohmann::json& a, const nlohmann::json& b) {
    const char ra = a["to"].get<std::string>()[1], rb = b["to"].get<std::string>()[1];
    return black_pushes ? ra < rb : ra > rb;
  });
  return towers;
}

}  // namespace

nlohmann::json position_page(const Position& pos) {
  nlohmann::json j = io::position_json(pos);
  nlohmann::json moves = nlohmann::json::array();
  MoveList list;
  if (!pos.outcome().over()) generate_moves(pos, list);
  for (Move m : list) {
    const Position child = pos.after(m);
    moves.push_back({{"move", to_string(m)}, {"kfen", to_kfen(child)}, {"status", io::status_json(child)}});
    if (m.kind() == MoveKind::Push) moves.back()["pushed"] = pushed_towers(pos, child);
  }
  j["moves"] = moves;
  j["designated"] = pos.turn() == Turn::Designated ? nlohmann::json(io::tower_label(pos.side_to_move(), pos.designated())) : nlohmann::json(nullptr);
  j["match"] = pos.match().is_match()
                   ? nlohmann::json{{"target", pos.match().target}, {"black", pos.match().points[0]}, {"gold", pos.match().points[1]}}
                   : nlohmann::json(nullptr);
  j["words"] = io::status_line(pos);
  j["board"] = io::board_text(pos);
  j["svg"] = io::board_svg(pos);
  return j;
}

nlohmann::json analysis_page(const Position& pos, const solver::Aim& aim, const solver::Analysis& a) {
  nlohmann::json j = analysis_json(a);
  j["kfen"] = to_kfen(pos);
  j["goal"] = solver::aim_id(aim);
  j["side_to_move"] = side_id(pos.side_to_move());
  return j;
}

}  // namespace kamisado::present
