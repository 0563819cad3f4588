// kamisado puzzles solve <kfen>: a "win in N" puzzle's stipulation, key, main line, duals and
// slower wins, each proved by the proof search (puzzles/key_analysis.h).
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/load_table.h"
#include "cli/output.h"
#include "kamisado/kfen.h"
#include "cli/progress.h"
#include "cli/puzzle_booklet.h"
#include "cli/puzzle_json.h"
#include "puzzles/features.h"
#include "puzzles/generator.h"
#include "puzzles/key_analysis.h"
#include "puzzles/store.h"
#include "solver/retro_table.h"
#include "solver/round_winner.h"
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
      if (solver::round_winner(pos))
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


void add_puzzle_generate(CLI::App& puzzles, Action& action) {
  struct Options {
    puzzles::GenerateOptions gen;
    std::string db = "puzzles.db";
    std::string retro;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = puzzles.add_subcommand("generate", "Find \"win in N\" puzzles with a unique key in seeded self-play");
  cmd->footer(
      "Plays seeded games (a few random opening plies, then the players of --player; single rounds,\n"
      "with --match the rounds of Marathon matches, where Sumos push, or with --retro games from a\n"
      "retrograde table's root, whose exact values screen the positions before any search) and\n"
      "tries each position near a round's end: a puzzle is a\n"
      "proved win in exactly N of the winner's moves with one key. Mirror images count once (B3).\n"
      "Puzzles are added to the SQLite collection (--db; schema in puzzles/store.h) one by one, so\n"
      "Ctrl-C or a crash loses nothing accepted, and running again never adds a puzzle twice.\n"
      "Themes: forced-pass deadlock-win colour-forcing sumo-push extra-turn home-row-dash; and the\n"
      "tag duals (a later turn of the winner where more than one move wins in time).\n"
      "Difficulty: N + log2(legal moves) + 2 * tempting / legal + 0.5 * log10(1 + nodes) (features.h).\n"
      "Example: kamisado puzzles generate --count 20 --n 3 --seed 1 --db puzzles.db");
  cmd->add_option("--count", opt->gen.count, "New puzzles to add (default 10)")->check(CLI::Range(1, 1000000));
  cmd->add_option("--n", opt->gen.n, "Win in N moves of the winner (default 2)")->check(CLI::Range(1, 20));
  cmd->add_option("--seed", opt->gen.seed, "Seed of the games (default 1)")->check(kSeed);
  cmd->add_option("--theme", opt->gen.themes, "Keep only puzzles with one of these themes")
      ->check(CLI::IsMember(puzzles::kThemes));
  cmd->add_flag("--match", opt->gen.match, "Positions from Marathon match rounds (Sumo themes)");
  cmd->add_flag("--no-duals", opt->gen.no_duals, "Refuse puzzles with duals");
  cmd->add_option("--player", opt->gen.player, "Who plays the games: alphabeta (default) or greedy")
      ->check(CLI::IsMember({"alphabeta", "greedy"}));
  cmd->add_option("--retro", opt->retro, "Play from the root of this retrograde table (kamisado retro build)");
  cmd->add_option("--db", opt->db, "The collection (default puzzles.db)");
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      solver::RetroTable table;
      if (!opt->retro.empty()) {
        if (opt->gen.match) throw UsageError("--retro and --match: a table's root decides the round, give one of them");
        table = load_table(opt->retro);
        opt->gen.table = &table;
      }
      std::unique_ptr<puzzles::Store> store;
      try {
        store = std::make_unique<puzzles::Store>(opt->db);
      } catch (const puzzles::StoreError& e) {
        throw UsageError(e.what());
      }
      std::int64_t before = store->count();
      Progress progress(io.err);
      std::optional<CtrlC> ctrl_c(std::in_place);  // until generating ends
      puzzles::GenerateProgress done;
      try {
        done = puzzles::generate(
            opt->gen, [&](const puzzles::Puzzle& p) { return store->add(p); },
            [&](const puzzles::GenerateProgress& g) {
              progress.tick([&] {
                double minutes = progress.elapsed() / 60;
                return fmt::format("puzzles generate: {} {} of {} accepted, {:.0f} a minute; {} games, {} positions tried",
                                   progress_bar(double(g.accepted) / opt->gen.count), g.accepted, opt->gen.count,
                                   minutes > 0 ? g.accepted / minutes : 0.0, g.games, g.tried);
              });
            },
            ctrl_c->flag());
      } catch (const puzzles::StoreError& e) {
        throw UsageError(e.what());
      }
      const bool stopped = ctrl_c->pressed();
      ctrl_c.reset();
      double seconds = progress.elapsed();
      double per_minute = seconds > 0 ? done.accepted / (seconds / 60) : 0;
      if (opt->json)
        io.out << nlohmann::json{{"db", opt->db}, {"accepted", done.accepted}, {"games", done.games}, {"tried", done.tried},
                                 {"screened", done.screened},
                                 {"seconds", seconds}, {"per_minute", per_minute}, {"total", store->count()},
                                 {"stopped", stopped}, {"exhausted", done.exhausted}}
                      .dump(2)
               << "\n";
      else
        io.out << fmt::format("{} new puzzles (win in {}) in {:.1f} s, {:.0f} a minute; {} games, {} positions tried; {} now holds {} (was {}){}\n",
                              done.accepted, opt->gen.n, seconds, per_minute, done.games, done.tried, opt->db,
                              store->count(), before,
                              stopped               ? " (stopped by Ctrl-C)"
                              : done.exhausted      ? " (stopped: no new puzzle in 2000 games in a row; a theme that cannot occur at this N?)"
                                                    : "");
      return kOk;
    };
  });
}

void add_puzzle_export(CLI::App& puzzles, Action& action) {
  struct Options {
    std::string db = "puzzles.db", json_out, html_dir, title = "Kamisado puzzles";
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = puzzles.add_subcommand("export", "Export a collection: an HTML booklet with diagrams, or JSON for other tools");
  cmd->footer(
      "--html DIR writes DIR/index.html: one self-contained page with an SVG diagram per puzzle, its\n"
      "stipulation, themes and difficulty, and the solution behind a toggle (open it in a browser,\n"
      "or print it). --json FILE writes every stored field for other tools. Puzzles come in order\n"
      "of N, then difficulty.\n"
      "Example: kamisado puzzles export --db puzzles.db --html booklet --json puzzles.json");
  cmd->add_option("--db", opt->db, "The collection (default puzzles.db)");
  cmd->add_option("--json", opt->json_out, "The JSON file to write");
  cmd->add_option("--html", opt->html_dir, "The folder to write the booklet (index.html) into; made if missing");
  cmd->add_option("--title", opt->title, "The booklet's title (default \"Kamisado puzzles\")");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (opt->json_out.empty() && opt->html_dir.empty()) throw UsageError("nothing to write: give --html DIR, --json FILE or both");
      std::error_code ec;
      if (!std::filesystem::exists(opt->db, ec)) throw UsageError("no puzzle collection '" + opt->db + "'");
      std::string html_file;
      if (!opt->html_dir.empty()) {
        if (std::filesystem::exists(opt->html_dir, ec) && !std::filesystem::is_directory(opt->html_dir, ec))
          throw UsageError("--html wants a folder, and '" + opt->html_dir + "' is a file");
        std::filesystem::create_directories(opt->html_dir, ec);
        if (ec) throw UsageError("cannot make the folder '" + opt->html_dir + "': " + ec.message());
        html_file = (std::filesystem::path(opt->html_dir) / "index.html").string();
        check_writable(html_file);
      }
      if (!opt->json_out.empty()) check_writable(opt->json_out);
      std::vector<puzzles::StoredPuzzle> rows;
      try {
        rows = puzzles::Store(opt->db).all();
      } catch (const puzzles::StoreError& e) {
        throw UsageError(e.what());
      }
      if (!opt->json_out.empty()) {
        write_file_atomically(opt->json_out, collection_json(rows));
        io.out << fmt::format("{} puzzles written to {}\n", rows.size(), opt->json_out);
      }
      if (!html_file.empty()) {
        write_file_atomically(html_file, puzzle_booklet_html(rows, opt->title));
        io.out << fmt::format("{} puzzles written to {}\n", rows.size(), html_file);
      }
      return kOk;
    };
  });
}


// kamisado puzzles bench: the generator's rate per N on this machine, into a scratch collection.
void add_puzzle_bench(CLI::App& puzzles, Action& action) {
  struct Options {
    int count = 40, sumo_count = 10, max_n = 5;
    std::uint64_t seed = 1;
    std::string report;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = puzzles.add_subcommand("bench", "Measure the generator: accepted puzzles a minute for N = 1 to 5, and Sumo puzzles");
  cmd->footer(
      "For each N from 1 to 5, generates --count single-round puzzles into a scratch collection and\n"
      "times it; then --sumo-count win-in-2 puzzles with a sumo-push or extra-turn theme from Marathon\n"
      "rounds. Target: at least 100 accepted puzzles a minute for N <= 3.\n"
      "Example: kamisado puzzles bench --report reports/puzzles.md");
  cmd->add_option("--count", opt->count, "Puzzles per N (default 40)")->check(CLI::Range(1, 100000));
  cmd->add_option("--max-n", opt->max_n, "Measure N = 1 to this (default 5)")->check(CLI::Range(1, 20));
  cmd->add_option("--sumo-count", opt->sumo_count, "Sumo puzzles (default 10; 0: none)")->check(CLI::Range(0, 100000));
  cmd->add_option("--seed", opt->seed, "Seed of the games (default 1)")->check(kSeed);
  cmd->add_option("--report", opt->report, "Write a Markdown report to FILE");
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      if (!opt->report.empty()) check_writable(opt->report);
      std::filesystem::path scratch =
          std::filesystem::temp_directory_path() / fmt::format("kamisado-puzzles-bench-{}.db", ::getpid());
      struct Row {
        std::string what;
        int n, accepted;
        std::uint64_t games, tried;
        double seconds;
      };
      std::vector<Row> rows;
      auto run_one = [&](const std::string& what, puzzles::GenerateOptions gen) {
        std::filesystem::remove(scratch);
        puzzles::Store store(scratch.string());
        io.err << "puzzles bench: " << what << "\n";
        auto start = std::chrono::steady_clock::now();
        auto done = puzzles::generate(gen, [&](const puzzles::Puzzle& p) { return store.add(p); });
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        rows.push_back({what, gen.n, done.accepted, done.games, done.tried, seconds});
      };
      for (int n = 1; n <= opt->max_n; ++n) {
        puzzles::GenerateOptions gen;
        gen.count = opt->count, gen.n = n, gen.seed = opt->seed;
        run_one(fmt::format("single round, win in {}", n), gen);
      }
      if (opt->sumo_count > 0) {
        puzzles::GenerateOptions gen;
        gen.count = opt->sumo_count, gen.n = 2, gen.seed = opt->seed, gen.match = true;
        gen.themes = {"sumo-push", "extra-turn"};
        run_one("Marathon rounds, win in 2, sumo-push or extra-turn", gen);
      }
      std::filesystem::remove(scratch);
      std::ostringstream table;
      bool met = true;
      for (const Row& r : rows) {
        double rate = r.seconds > 0 ? r.accepted / (r.seconds / 60) : 0;
        bool single = r.what.rfind("single", 0) == 0;
        if (single && r.n <= 3 && rate < 100) met = false;
        table << fmt::format("| {} | {} | {:.1f} | **{:.0f}** | {} | {} |\n", r.what, r.accepted, r.seconds, rate, r.games, r.tried);
        io.out << fmt::format("{}: {} puzzles in {:.1f} s, {:.0f} a minute ({} games, {} positions tried)\n", r.what,
                              r.accepted, r.seconds, rate, r.games, r.tried);
      }
      io.out << fmt::format("target >= 100 a minute for N <= 3: {}\n", met ? "met" : "NOT met");
      if (!opt->report.empty()) {
        std::ostringstream md;
        md << "# Puzzle generation\n\n"
           << fmt::format("Generated by `kamisado puzzles bench --count {} --sumo-count {} --seed {} --report {}` on {} ({}, one core, {}).\n\n",
                          opt->count, opt->sumo_count, opt->seed, opt->report, today(), cpu_model(), build_flags())
           << "Each row generates new puzzles into an empty scratch collection: a proved win in exactly N of the winner's moves "
              "with a unique key and at least two legal moves, from positions reached in seeded games between the alpha-beta players "
              "(puzzles/generator.h), one per symmetry class. A position is screened by two bounded proof searches (a win within "
              "N, none within N - 1) before its key is analysed. "
              "The time includes playing the games, the proofs and storing. Target: at least 100 accepted puzzles a minute "
              "for N <= 3: **"
           << (met ? "met" : "NOT met") << "**.\n\n"
           << "| puzzles | accepted | seconds | a minute | games | positions tried |\n|---|---|---|---|---|---|\n"
           << table.str();
        write_file_atomically(opt->report, md.str());
      }
      return kOk;  // a missed speed target is reported, not an error (as solve-bench)
    };
  });
}

}  // namespace

void add_puzzles(CLI::App& app, Action& action) {
  CLI::App* puzzles = app.add_subcommand("puzzles", "\"Win in N\" puzzles: solve one, generate a collection, export it");
  puzzles->require_subcommand(1);
  puzzles->footer("Example: kamisado puzzles solve \"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"");
  add_puzzle_solve(*puzzles, action);
  add_puzzle_generate(*puzzles, action);
  add_puzzle_export(*puzzles, action);
  add_puzzle_bench(*puzzles, action);
  add_puzzle_publish(*puzzles, action);
}

}  // namespace kamisado::cli
