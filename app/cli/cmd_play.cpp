// kamisado play: moves played, or built-in players, in a round or a match (src/play/game_text.h).
#include "app/cli/commands.h"
#include "app/present/game_answer.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"
#include "src/play/game_text.h"

namespace kamisado::cli {

namespace {

const CommandText kPlayText{"play", "Play moves, or let built-in players play, a round or a whole match",
                            "Moves are separated by spaces or commas; between rounds the Defender plays fill-left or\n"
                            "fill-right. An illegal move is reported with its number in the list and the legal moves\n"
                            "at that point. After the given moves, the players named by --black and --gold (if any)\n"
                            "play on until the game ends: random picks any legal move, greedy wins when it can, avoids\n"
                            "losing at once and otherwise advances furthest; alphabeta searches a few plies ahead and\n"
                            "picks at random among the moves that score close to the best.\n"
                            "Examples: kamisado play --moves \"c1c4 g8d5\"\n"
                            "          kamisado play --match standard --black greedy --gold random --seed 7"};

struct PlayOptions {
  std::string kfen, moves, match, black, gold;
  std::uint64_t seed = 1;
};

int play(const PlayOptions& opt, Io& io) {
  if (!opt.match.empty() && !opt.kfen.empty())
    throw UsageError("--match starts from the initial set-up; to start elsewhere give --kfen with a match field");
  Position start = parse_kfen(opt.kfen.empty() ? std::string(kStartKfen) : opt.kfen);
  if (!opt.match.empty()) start = parse_kfen(std::string(kStartKfen) + " " + std::to_string(match_target(opt.match)) + ":0-0");
  play::GameRecord game(start);
  play::play_moves(game, opt.moves);
  play::play_on(game, opt.black, opt.gold, opt.seed);
  return io.print(present::game_json(game), present::game_text(game));
}

}  // namespace

void add_play(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<PlayOptions>(app, action, kPlayText, play);
  const std::vector<std::string> players = {"random", "greedy", "alphabeta"};
  cmd->add_option("--kfen", opt->kfen, "The position to start from (default: the standard start)");
  cmd->add_option("--match", opt->match, "Play a match from the initial set-up: standard (3), long (7), marathon (15) or N points");
  cmd->add_option("--moves", opt->moves, "The moves to play first, in order");
  cmd->add_option("--black", opt->black, "Player for Black after the given moves")->check(CLI::IsMember(players));
  cmd->add_option("--gold", opt->gold, "Player for Gold after the given moves")->check(CLI::IsMember(players));
  seed_option(cmd, opt->seed, "the players' choices");
}

}  // namespace kamisado::cli
