// kamisado puzzles solve: a "win in N" puzzle's stipulation, key, main line, duals and slower
// wins, each proved (puzzles/key_analysis.h). Generate: cmd_puzzles_generate.cpp; export, bench
// and publish: cmd_puzzles_publish.cpp.
#include "app/cli/commands.h"
#include "app/present/solution.h"
#include "puzzles/solve_puzzle.h"
#include "src/kamisado/kfen.h"

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
  std::string kfen;
  puzzles::PuzzleRequest request;
};

int solve(const SolveOptions& opt, Io& io) {
  const Position pos = parse_kfen(opt.kfen);
  puzzles::PuzzleRequest r = opt.request;
  r.stop = io.stop;
  return io.print(present::solved_puzzle_answer(pos, puzzles::solve_puzzle(pos, r), r.add));
}

}  // namespace

void add_puzzles(CLI::App& app, Action& action) {
  CLI::App* puzzles = app.add_subcommand("puzzles", "\"Win in N\" puzzles: solve one, generate a collection, export it");
  puzzles->require_subcommand(1);
  puzzles->footer("Example: kamisado puzzles solve \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  auto [s, solve_opt] = command<SolveOptions>(*puzzles, action, kSolveText, solve, Needs::CtrlC);
  kfen_argument(s, solve_opt->kfen);
  hash_option(s, solve_opt->request.hash_mb);
  time_option(s, solve_opt->request.seconds);
  s->add_option("--add", solve_opt->request.add,
                "Add it to this collection (made if missing) if it is a puzzle: a unique key, two legal moves or more");
  add_puzzles_generate(*puzzles, action);
  add_puzzle_output(*puzzles, action);
}

}  // namespace kamisado::cli
