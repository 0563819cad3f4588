// kamisado play: play moves, or let built-in players play, in a single round or a whole match,
// and print where the game goes: the KFEN reached, the status, and for a match the record of
// every round with its result and the score.
#include <memory>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"
#include "play/game_record.h"
#include "play/players.h"

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

std::string result_text(const play::RoundRecord& r) {
  const Outcome& o = r.result;
  std::string how = o.ending == Ending::HomeRow
                        ? fmt::format("on the home row with the {} tower", kColourNames[o.ring_tower])
                        : fmt::format("by deadlock (M8); the ring goes on the {} tower", kColourNames[o.ring_tower]);
  std::string text = fmt::format("{} wins {}", side_name(o.winner), how);
  if (r.score.is_match())
    text += fmt::format(": ring worth {}, score Black {} - Gold {}", r.points, r.score.points[0], r.score.points[1]);
  return text;
}

nlohmann::json round_json(const play::RoundRecord& r, int number) {
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

void add_play(CLI::App& app, Action& action) {
  struct Options {
    std::string kfen, moves, match, black, gold;
    std::uint64_t seed = 1;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("play", "Play moves, or let built-in players play, a round or a whole match");
  cmd->footer(
      "Moves are separated by spaces or commas; between rounds the Defender plays fill-left or\n"
      "fill-right. An illegal move is reported with its number in the list and the legal moves\n"
      "at that point. After the given moves, the players named by --black and --gold (if any)\n"
      "play on until the game ends: random picks any legal move, greedy wins when it can, avoids\n"
      "losing at once and otherwise advances furthest; alphabeta searches a few plies ahead and\n"
      "picks at random among the moves that score close to the best.\n"
      "Examples: kamisado play --moves \"c1c4 g8d5\"\n"
      "          kamisado play --match standard --black greedy --gold random --seed 7");
  cmd->add_option("--kfen", opt->kfen, "The position to start from (default: the standard start)");
  cmd->add_option("--match", opt->match, "Play a match from the initial set-up: standard (3), long (7), marathon (15) or N points");
  cmd->add_option("--moves", opt->moves, "The moves to play first, in order");
  cmd->add_option("--black", opt->black, "Player for Black after the given moves")->check(CLI::IsMember({"random", "greedy", "alphabeta"}));
  cmd->add_option("--gold", opt->gold, "Player for Gold after the given moves")->check(CLI::IsMember({"random", "greedy", "alphabeta"}));
  cmd->add_option("--seed", opt->seed, "Seed of the players' choices (default 1)")->check(kSeed);
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (!opt->match.empty() && !opt->kfen.empty())
        throw UsageError("--match starts from the initial set-up; to start elsewhere give --kfen with a match field");
      Position start = parse_kfen(opt->kfen.empty() ? std::string(kStartKfen) : opt->kfen);
      if (!opt->match.empty()) start = parse_kfen(std::string(kStartKfen) + " " + std::to_string(match_target("--match", opt->match)) + ":0-0");
      play::GameRecord game(start);

      std::vector<std::string> words = split_moves(opt->moves);
      for (std::size_t i = 0; i < words.size(); ++i) {
        const Position& pos = game.current();
        std::string where = fmt::format("move {} '{}'", i + 1, words[i]);
        if (pos.outcome().over()) throw UsageError(fmt::format("{}: the game is over ({})", where, status_line(pos)));
        Move m;
        try {
          m = parse_move(pos, words[i]);
        } catch (const NotationError& e) {
          throw UsageError(fmt::format("{}: {}", where, e.what()));
        } catch (const IllegalMove&) {
          throw UsageError(fmt::format("{} is illegal in {} ({}); legal moves: {}", where, to_kfen(pos),
                                       status_line(pos), legal_moves_text(pos)));
        }
        game.play(m);
      }
      std::unique_ptr<play::Player> players[2];
      if (!opt->black.empty()) players[0] = play::make_player(opt->black, opt->seed);
      if (!opt->gold.empty()) players[1] = play::make_player(opt->gold, opt->seed ^ 0x9E3779B97F4A7C15ULL);
      while (!game.over()) {
        play::Player* p = players[index(game.current().side_to_move())].get();
        if (!p) break;
        game.play(p->choose(game.current()));
      }

      const Position& end = game.current();
      const auto& rounds = game.rounds();
      if (opt->json) {
        nlohmann::json list = nlohmann::json::array();
        for (std::size_t i = 0; i < rounds.size(); ++i) list.push_back(round_json(rounds[i], int(i + 1)));
        nlohmann::json j = {{"start", to_kfen(start)}, {"rounds", list}, {"kfen", to_kfen(end)}, {"status", status_json(end)}};
        if (start.match().is_match()) j["target"] = start.match().target;
        io.out << j.dump(2) << "\n";
        return kOk;
      }
      if (start.match().is_match()) {
        io.out << fmt::format("Match to {} points\n", start.match().target);
        for (std::size_t i = 0; i < rounds.size(); ++i) {
          const play::RoundRecord& r = rounds[i];
          io.out << fmt::format("Round {}: {} moves first\n", i + 1, side_name(r.start.side_to_move()));
          std::string line;
          for (Move m : r.moves) line += " " + to_string(m);
          if (!line.empty()) io.out << " " << line << "\n";
          if (r.result.over()) io.out << "  " << result_text(r) << "\n";
          if (r.fill)
            io.out << fmt::format("  {}, the Defender, chooses {}\n", side_name(r.result.winner),
                                  *r.fill == FillSide::Left ? "fill-left" : "fill-right");
        }
      } else {
        std::string line;
        for (Move m : rounds.front().moves) line += " " + to_string(m);
        io.out << fmt::format("{} moves played:{}\n", rounds.front().moves.size(), line);
      }
      io.out << to_kfen(end) << "\n" << status_line(end) << "\n";
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
