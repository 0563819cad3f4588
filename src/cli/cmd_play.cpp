// kamisado play [--kfen K] --moves "c1c4 f8f6 ...": play moves and show where they lead.
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"

namespace kamisado::cli {

namespace {
std::vector<std::string> split_moves(std::string text) {
  for (char& c : text)
    if (c == ',' || c == '\t' || c == '\n') c = ' ';
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string legal_list(const Position& pos) {
  MoveList moves;
  generate_moves(pos, moves);
  std::string s;
  for (Move m : moves) s += (s.empty() ? "" : " ") + to_string(m);
  return s;
}
}  // namespace

void add_play(CLI::App& app, Action& action) {
  struct Options {
    std::string kfen{kStartKfen};
    std::string moves;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("play", "Play a list of moves and print the position reached");
  cmd->footer(
      "Moves are separated by spaces or commas. An illegal move is reported with its number in\n"
      "the list and the legal moves at that point; nothing after it is played.\n"
      "Example: kamisado play --moves \"c1c4 f8f6 d1d5\"");
  cmd->add_option("--kfen", opt->kfen, "The position to start from (default: the standard start)");
  cmd->add_option("--moves", opt->moves, "The moves to play, in order");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      std::string start = to_kfen(pos);
      nlohmann::json record = nlohmann::json::array();
      std::vector<std::string> words = split_moves(opt->moves);
      for (std::size_t i = 0; i < words.size(); ++i) {
        std::string where = fmt::format("move {} '{}'", i + 1, words[i]);
        if (pos.outcome().over())
          throw UsageError(fmt::format("{}: the game is over ({})", where, status_line(pos)));
        Move m;
        try {
          m = parse_move(pos, words[i]);
        } catch (const NotationError& e) {
          throw UsageError(fmt::format("{}: {}", where, e.what()));
        } catch (const IllegalMove&) {
          throw UsageError(fmt::format("{} is illegal in {} ({}); legal moves: {}", where,
                                       to_kfen(pos), status_line(pos), legal_list(pos)));
        }
        pos = pos.after(m);
        record.push_back({{"ply", i + 1}, {"move", to_string(m)}, {"kfen", to_kfen(pos)}});
      }
      if (opt->json) {
        io.out << nlohmann::json{{"start", start},
                                 {"moves", record},
                                 {"kfen", to_kfen(pos)},
                                 {"status", status_json(pos)}}
                      .dump(2)
               << "\n";
      } else {
        io.out << fmt::format("{} moves played\n{}\n{}\n", words.size(), to_kfen(pos), status_line(pos));
      }
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
