// kamisado moves <kfen>: every legal move, the forced pass included.
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "kamisado/rules.h"

namespace kamisado::cli {

void add_moves(CLI::App& app, Action& action) {
  struct Options {
    std::string kfen;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("moves", "List the legal moves of a position");
  cmd->footer(
      "A blocked designated tower has the single move 'pass' (M6). Moves that end the round are\n"
      "marked: '#' wins on the home row (M7), 'x' loses it by deadlock (M8).\n"
      "Example: kamisado moves \"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\"");
  cmd->add_option("kfen", opt->kfen, "The position in KFEN")->required();
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      MoveList moves;
      generate_moves(pos, moves);
      nlohmann::json list = nlohmann::json::array();
      std::string text;
      for (Move m : moves) {
        Position next = pos.after(m);
        Outcome o = round_outcome(pos, m);  // in a match the round's end is not the game's
        std::string mark = o.ending == Ending::HomeRow ? "#" : o.ending == Ending::Deadlock ? "x" : "";
        text += " " + to_string(m) + mark;
        nlohmann::json e = {{"move", to_string(m)}, {"kfen", to_kfen(next)}};
        if (o.over()) e["ends_round"] = o.ending == Ending::HomeRow ? "home-row" : "deadlock";
        if (next.outcome().over() || next.turn() == Turn::BetweenRounds) e["status"] = status_json(next);
        list.push_back(e);
      }
      if (opt->json) {
        io.out << nlohmann::json{{"kfen", to_kfen(pos)},
                                 {"status", status_json(pos)},
                                 {"count", moves.size()},
                                 {"moves", list}}
                      .dump(2)
               << "\n";
      } else {
        io.out << status_line(pos) << "\n" << moves.size() << " legal moves:" << text << "\n";
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
