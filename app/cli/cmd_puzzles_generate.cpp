// kamisado puzzles generate: new "win in N" puzzles found in seeded self-play and added to a
// collection (puzzles/generator.h), one at a time, so that a stop loses nothing accepted.

#include "app/cli/commands.h"
#include "app/present/puzzles.h"
#include "puzzles/generator.h"
#include "puzzles/puzzle_features.h"

namespace kamisado::cli {

namespace {

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
                                "puzzles/puzzle_features.h.\n"
                                "Example: kamisado puzzles generate --count 20 --n 3 --seed 1 --db puzzles.db"};

struct GenerateOptions {
  puzzles::GenerateOptions gen;
  std::string db = "puzzles.db", retro;
};

int generate(const GenerateOptions& opt, Io& io) {
  const puzzles::GenerateRun run = puzzles::generate_into(opt.db, opt.gen, io.lines(), io.stop, opt.retro);
  return io.print(present::puzzles_generate_answer(opt.db, opt.gen.n, run), run.stopped ? kStopped : kOk);
}

}  // namespace

void add_puzzles_generate(CLI::App& puzzles, Action& action) {
  auto [g, gen_opt] = command<GenerateOptions>(puzzles, action, kGenerateText, generate, Needs::CtrlC);
  g->add_option("--count", gen_opt->gen.count, "New puzzles to add (default 10)")->check(CLI::Range(1, 1000000));
  g->add_option("--n", gen_opt->gen.n, "Win in N moves of the winner (default 2)")->check(CLI::Range(1, 20));
  seed_option(g, gen_opt->gen.seed, "the games");
  g->add_option("--theme", gen_opt->gen.themes, "Keep only puzzles with one of these themes")->check(CLI::IsMember(puzzles::kThemes));
  g->add_flag("--match", gen_opt->gen.match, "Positions from Marathon match rounds (Sumo themes)");
  g->add_flag("--no-duals", gen_opt->gen.no_duals, "Refuse puzzles with duals");
  g->add_option("--player", gen_opt->gen.player, "Who plays the games: alphabeta (default) or greedy")->check(CLI::IsMember({"alphabeta", "greedy"}));
  g->add_option("--retro", gen_opt->retro, "Play from the root of this retrograde table (kamisado retro build)");
  g->add_option("--db", gen_opt->db, "The collection (default puzzles.db)");
}

}  // namespace kamisado::cli
