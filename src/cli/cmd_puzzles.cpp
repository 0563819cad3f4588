// kamisado puzzles solve|generate: a "win in N" puzzle's stipulation, key, main line, duals and
// slower wins, each proved (puzzles/key_analysis.h); new puzzles found in seeded self-play and
// added to a collection (puzzles/generator.h). Export, bench and publish: cmd_puzzles_publish.cpp.
#include <fmt/format.h>

#include "cli/commands.h"
#include "kamisado/kfen.h"
#include "puzzles/features.h"
#include "puzzles/generator.h"
#include "puzzles/key_analysis.h"
#include "puzzles/solution.h"
#include "puzzles/store.h"
#include "solver/retro/retro_file.h"

namespace kamisado::cli {

void add_puzzle_output(CLI::App& puzzles, Action& action);  // cmd_puzzles_publish.cpp

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

const CommandText kGenerateText{"generate", "Find \"win in N\" puzzles with a unique key in seeded self-play",
                                "Plays seeded games (a few random opening plies, then the players of --player; single rounds,\n"
                                "with --match the rounds of Marathon matches, where Sumos push, or with --retro games from a\n"
                                "retrograde table's root, whose exact values screen the positions before any search) and tries\n"
                                "each position near a round's end: a puzzle is a proved win in exactly N of the winner's moves\n"
                                "with one key. Mirror images count once (B3).\n"
                                "Puzzles are added to the SQLite collection (--db; schema in puzzles/store.h) one by one, so\n"
                                "Ctrl-C or a crash loses nothing accepted, and running again never adds a puzzle twice.\n"
                                "Themes: forced-pass deadlock-win colour-forcing sumo-push extra-turn home-row-dash; and the\n"
                                "tag duals (a later turn of the winner where more than one move wins in time). Difficulty:\n"
                                "puzzles/features.h.\n"
                                "Example: kamisado puzzles generate --count 20 --n 3 --seed 1 --db puzzles.db"};

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
    return io.print({{"kfen", to_kfen(pos)}, {"puzzle", false}, {"reason", "the side to move does not win"}},
                    fmt::format("no puzzle: {} to move does not win the round\n", side_name(pos.side_to_move())));
  }
  nlohmann::json j = puzzles::solution_json(pos, *a);
  std::string text = puzzles::solution_text(pos, *a);
  if (!opt.add.empty()) {
    j["added"] = puzzles::add_to_collection(opt.add, pos, *a, table, limits);
    text += j["added"].get<bool>() ? "added to " + opt.add + "\n" : opt.add + " holds it already (or its mirror image)\n";
  }
  return io.print(j, text);
}

struct GenerateOptions {
  puzzles::GenerateOptions gen;
  std::string db = "puzzles.db", retro;
};

int generate(const GenerateOptions& opt, Io& io) {
  puzzles::GenerateOptions gen = opt.gen;
  solver::RetroTable table;
  if (!opt.retro.empty()) {
    if (gen.match) throw UsageError("--retro and --match: a table's root decides the round, give one of them");
    table = solver::load_retro_table(opt.retro);
    gen.table = &table;
  }
  puzzles::Store store(opt.db);
  std::int64_t before = store.count();
  io::Progress progress(io.lines());
  puzzles::GenerateProgress done;
  bool stopped = false;
  try {
    done = puzzles::generate(
        gen, [&](const puzzles::Puzzle& p) { return store.add(p); },
        [&](const puzzles::GenerateProgress& g) {
          done = g;
          progress.tick([&] {
            double minutes = progress.elapsed() / 60;
            return fmt::format("puzzles generate: {} {} of {} accepted, {:.0f} a minute; {} games, {} positions tried",
                               io::progress_bar(double(g.accepted) / gen.count), g.accepted, gen.count, minutes > 0 ? g.accepted / minutes : 0.0,
                               g.games, g.tried);
          });
        },
        io.stop);
  } catch (const Stopped&) {
    stopped = true;  // what was accepted is in the collection: say how much, then exit as stopped
  }
  double seconds = progress.elapsed(), per_minute = seconds > 0 ? done.accepted / (seconds / 60) : 0;
  return io.print({{"db", opt.db},
                   {"accepted", done.accepted},
                   {"games", done.games},
                   {"tried", done.tried},
                   {"screened", done.screened},
                   {"seconds", seconds},
                   {"per_minute", per_minute},
                   {"total", store.count()},
                   {"stopped", stopped},
                   {"exhausted", done.exhausted}},
                  fmt::format("{} new puzzles (win in {}) in {:.1f} s, {:.0f} a minute; {} games, {} positions tried; {} now holds {} (was {}){}\n",
                              done.accepted, gen.n, seconds, per_minute, done.games, done.tried, opt.db, store.count(), before,
                              stopped          ? " (stopped by Ctrl-C)"
                              : done.exhausted ? " (stopped: no new puzzle in 2000 games in a row; a theme that cannot occur at this N?)"
                                               : ""),
                  stopped ? kStopped : kOk);
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
  auto [g, gen_opt] = command<GenerateOptions>(*puzzles, action, kGenerateText, generate, Needs::CtrlC);
  g->add_option("--count", gen_opt->gen.count, "New puzzles to add (default 10)")->check(CLI::Range(1, 1000000));
  g->add_option("--n", gen_opt->gen.n, "Win in N moves of the winner (default 2)")->check(CLI::Range(1, 20));
  seed_option(g, gen_opt->gen.seed, "the games");
  g->add_option("--theme", gen_opt->gen.themes, "Keep only puzzles with one of these themes")->check(CLI::IsMember(puzzles::kThemes));
  g->add_flag("--match", gen_opt->gen.match, "Positions from Marathon match rounds (Sumo themes)");
  g->add_flag("--no-duals", gen_opt->gen.no_duals, "Refuse puzzles with duals");
  g->add_option("--player", gen_opt->gen.player, "Who plays the games: alphabeta (default) or greedy")->check(CLI::IsMember({"alphabeta", "greedy"}));
  g->add_option("--retro", gen_opt->retro, "Play from the root of this retrograde table (kamisado retro build)");
  g->add_option("--db", gen_opt->db, "The collection (default puzzles.db)");
  add_puzzle_output(*puzzles, action);
}

}  // namespace kamisado::cli
