// kamisado puzzles solve: a "win in N" puzzle's stipulation, key, main line, duals and slower
// wins, each proved (puzzles/key_analysis.h). Generate: cmd_puzzles_generate.cpp; export, bench
// and publish: cmd_puzzles_publish.cpp.
#include <fmt/format.h>

#include "cli/commands.h"
#include "kamisado/kfen.h"
#include "present/puzzles.h"
#include "present/solution.h"
#include "puzzles/generator.h"
#include "puzzles/key_analysis.h"

namespace kamisado::cli {

void add_puzzle_output(CLI::App& puzzles, Action& action);     // cmd_puzzles_publish.cpp
void add_puzzles_generate(CLI::App& puzzles, Action& action);  // cmd_puzzles_generate.cpp

namespace {

const CommandText kSolveText{"solve", "Solve a \"win in N\" puzzle: key, main line, duals, slower wins",
                             "N counts the winner's own moves; passes and the extra turn after a push count as moves.\n"
                             "The key is every first move that wins in N (unique when there is one); slower wins are the\n"
                             "other winning first moves with their N. The main line follows the loser's longest defence;\n"
                             "at each later move of the winner it shows how many moves still win in time (more than one:\n"
                             "a dual). Every figure is proved by the proof search, none estimated.\n"
                             "--add FILE adds the puzzle to a collection (SQLite, as puzzles generate writes), if it is one:\n"
                             "a unique key and at least two legal moves; then puzzles export or publish puts it in the\n"
                             "trainer with the rest.\n"
                             "Example: kamisado puzzles solve \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\" --add puzzles.db"};

struct SolveOptions {
  std::string kfen, add;
  std::size_t hash = 64;
  double time = 0;
};

int solve(const SolveOptions& opt, Io& io) {
  Position pos = parse_kfen(opt.kfen);
  refuse_finished_round(pos);
  solver::SolveLimits limits;
  limits.hash_mb = opt.hash;
  limits.seconds = opt.time;
  limits.stop = io.stop;
  solver::TranspositionTable table(opt.hash);
  std::optional<puzzles::KeyAnalysis> a;
  try {
    a = puzzles::analyse_key(pos, table, limits);
  } catch (const Stopped& e) {
    throw Stopped(opt.time > 0 ? fmt::format("not proved within --time {} s: give it more time", opt.time) : e.what());
  }
  if (!a) {
    if (!opt.add.empty()) throw InputError(fmt::format("not added: {} to move does not win the round", side_name(pos.side_to_move())));
    return io.print(present::no_puzzle_answer(pos));
  }
  nlohmann::json j = present::solution_json(pos, *a);
  std::string text = present::solution_text(pos, *a);
  if (!opt.add.empty()) {
    j["added"] = puzzles::add_to_collection(opt.add, pos, *a, table, limits);
    text += j["added"].get<bool>() ? "added to " + opt.add + "\n" : opt.add + " holds it already (or its mirror image)\n";
  }
  return io.print(j, text);
}

}  // namespace

void add_puzzles(CLI::App& app, Action& action) {
  CLI::App* puzzles = app.add_subcommand("puzzles", "\"Win in N\" puzzles: solve one, generate a collection, export it");
  puzzles->require_subcommand(1);
  puzzles->footer("Example: kamisado puzzles solve \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  auto [s, solve_opt] = command<SolveOptions>(*puzzles, action, kSolveText, solve, Needs::CtrlC);
  kfen_argument(s, solve_opt->kfen);
  hash_option(s, solve_opt->hash);
  time_option(s, solve_opt->time);
  s->add_option("--add", solve_opt->add, "Add it to this collection (made if missing) if it is a puzzle: a unique key, two legal moves or more");
  add_puzzles_generate(*puzzles, action);
  add_puzzle_output(*puzzles, action);
}

}  // namespace kamisado::cli
