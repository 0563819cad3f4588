// kamisado moves <kfen>: every legal move, the forced pass included.
#include "cli/commands.h"
#include "io/describe.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/rules.h"

namespace kamisado::cli {

namespace {

const CommandText kMovesText{"moves", "List the legal moves of a position",
                             "A blocked designated tower has the single move 'pass' (M6). Moves that end the round are\n"
                             "marked: '#' wins on the home row (M7), 'x' loses it by deadlock (M8).\n"
                             "Example: kamisado moves \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\""};

struct MovesOptions {
  std::string kfen;
};

int moves(const MovesOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  MoveList moves;
  generate_moves(pos, moves);
  nlohmann::json list = nlohmann::json::array();
  std::string text;
  for (Move m : moves) {
    Position next = pos.after(m);
    Outcome o = round_outcome(pos, m);  // in a match the round's end is not the game's
    text += " " + to_string(m) + (o.ending == Ending::HomeRow ? "#" : o.ending == Ending::Deadlock ? "x" : "");
    nlohmann::json e = {{"move", to_string(m)}, {"kfen", to_kfen(next)}};
    if (o.over()) e["ends_round"] = o.ending == Ending::HomeRow ? "home-row" : "deadlock";
    if (next.outcome().over() || next.turn() == Turn::BetweenRounds) e["status"] = io::status_json(next);
    list.push_back(e);
  }
  return io.print({{"kfen", to_kfen(pos)}, {"status", io::status_json(pos)}, {"count", moves.size()}, {"moves", list}},
                  io::status_line(pos) + "\n" + std::to_string(moves.size()) + " legal moves:" + text + "\n");
}

}  // namespace

void add_moves(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<MovesOptions>(app, action, kMovesText, moves);
  kfen_argument(cmd, opt->kfen);
}

}  // namespace kamisado::cli
