// kamisado puzzles solve <kfen>: a "win in N" puzzle's stipulation, key, main line, duals and
// slower wins, each proved by the proof search (puzzles/key_analysis.h).
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "puzzles/key_analysis.h"
#include "solver/solve.h"
#include "solver/transposition_table.h"

namespace kamisado::cli {

namespace {

void add_puzzle_solve(CLI::App& puzzles, Action& action) {
  struct Options {
    std::string kfen;
    std::size_t hash = 64;
    double time = 0;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = puzzles.add_subcommand("solve", "Solve a \"win in N\" puzzle: key, main line, duals, slower wins");
  cmd->footer(
      "N counts the winner's own moves; passes and the extra turn after a push count as moves.\n"
      "The key is every first move that wins in N (unique when there is one); slower wins are the\n"
      "other winning first moves with their N. The main line follows the loser's longest defence;\n"
      "at each later move of the winner it shows how many moves still win in time (more than one:\n"
      "a dual). Every figure is proved by the proof search, none estimated.\n"
      "Example: kamisado puzzles solve \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  cmd->add_option("kfen", opt->kfen, "The position in KFEN")->required();
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 65536));
  cmd->add_option("--time", opt->time, "Give up after this many seconds (default: no limit)")->check(CLI::Range(0.0, 1e7));
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      Position pos = parse_kfen(opt->kfen);
      if (pos.outcome().over() || pos.turn() == Turn::BetweenRounds)
        throw UsageError("the round is already over at this position: no puzzle");
      solver::SolveLimits limits;
      limits.hash_mb = opt->hash;
      limits.seconds = opt->time;
      solver::TranspositionTable table(opt->hash);
      std::optional<puzzles::KeyAnalysis> a;
      try {
        a = puzzles::analyse_key(pos, table, limits);
      } catch (const puzzles::NotProved&) {
        throw UsageError(fmt::format("not proved within --time {} s: give it more time", opt->time));
      }
      const std::string mover = side_name(pos.side_to_move());
      if (!a) {
        if (opt->json)
          io.out << nlohmann::json{{"kfen", to_kfen(pos)}, {"puzzle", false}, {"reason", "the side to move does not win"}}.dump(2) << "\n";
        else
          io.out << fmt::format("no puzzle: {} to move does not win the round\n", mover);
        return kOk;
      }
      std::vector<std::string> keys, line;
      for (Move m : a->keys) keys.push_back(to_string(m));
      for (const auto& s : a->main_line) line.push_back(to_string(s.move));
      if (opt->json) {
        nlohmann::json steps = nlohmann::json::array(), slower = nlohmann::json::array();
        for (const auto& s : a->main_line) {
          nlohmann::json step = {{"move", to_string(s.move)}, {"by_winner", s.by_winner}};
          if (s.by_winner) step["moves_that_win"] = s.moves_that_win;
          steps.push_back(step);
        }
        for (const auto& s : a->slower) slower.push_back({{"move", to_string(s.move)}, {"n", s.n}});
        io.out << nlohmann::json{{"kfen", to_kfen(pos)}, {"puzzle", true}, {"winner", side_id(a->winner)},
                                 {"n", a->n}, {"keys", keys}, {"unique_key", a->unique_key()},
                                 {"main_line", steps}, {"dual_turns", a->dual_turns()}, {"slower_wins", slower}}
                      .dump(2)
               << "\n";
        return kOk;
      }
      io.out << fmt::format("{} to move wins in {}\n", mover, a->n);
      io.out << (a->unique_key() ? "key: " + keys[0] + " (unique)\n"
                                 : fmt::format("keys: {} (not unique: {} first moves win in {})\n",
                                               fmt::join(keys, " "), keys.size(), a->n));
      io.out << "main line: " << fmt::format("{}", fmt::join(line, " ")) << "\n";
      int turn = 0;
      std::vector<std::string> duals;
      for (const auto& s : a->main_line)
        if (s.by_winner && ++turn > 1 && s.moves_that_win > 1)
          duals.push_back(fmt::format("move {} ({} moves win in time)", turn, s.moves_that_win));
      io.out << "duals: " << (duals.empty() ? std::string("none") : fmt::format("{}", fmt::join(duals, ", "))) << "\n";
      std::vector<std::string> slower;
      for (const auto& s : a->slower) slower.push_back(fmt::format("{} (in {})", to_string(s.move), s.n));
      io.out << "slower wins: " << (slower.empty() ? std::string("none") : fmt::format("{}", fmt::join(slower, ", "))) << "\n";
      return kOk;
    };
  });
}

}  // namespace

void add_puzzles(CLI::App& app, Action& action) {
  CLI::App* puzzles = app.add_subcommand("puzzles", "\"Win in N\" puzzles: solve one (generating and publishing collections: to come)");
  puzzles->require_subcommand(1);
  puzzles->footer("Example: kamisado puzzles solve \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  add_puzzle_solve(*puzzles, action);
}

}  // namespace kamisado::cli
