// kamisado puzzles publish --out DIR: a published collection, brought up to its targets.
//
// In DIR: puzzles.db (the collection, store.h), certificates/<id>.proof (one proof tree per
// puzzle that the key wins in N of the winner's moves, certificate.h, each re-verified by the
// proof checker before it is written), puzzles.json, index.html (the booklet) and README.md (what
// the collection holds and how to check it). Running it again adds only what is missing to reach
// the targets (the generator is seeded, and the store keeps each puzzle once), so an interrupted
// run loses nothing and a finished one changes nothing but the derived files.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/puzzle_booklet.h"
#include "cli/puzzle_json.h"
#include "kamisado/kfen.h"
#include "puzzles/certificate.h"
#include "puzzles/generator.h"
#include "puzzles/store.h"
#include "solver/proof_check.h"
#include "solver/proof_file.h"
#include "solver/transposition_table.h"

namespace kamisado::cli {

namespace {

bool has_sumo_theme(const puzzles::StoredPuzzle& p) {
  for (const std::string& t : puzzles::field_items(p.themes))
    if (t == "sumo-push" || t == "extra-turn") return true;
  return false;
}

}  // namespace

void add_puzzle_publish(CLI::App& puzzles, Action& action) {
  struct Options {
    std::string out;
    int per_n = 45, max_n = 5, sumo = 55;
    std::uint64_t seed = 1;
    std::size_t hash = 64;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = puzzles.add_subcommand("publish", "Build a published collection: puzzles, certificates, booklet, JSON, README");
  cmd->footer(
      "Brings the collection in DIR up to its targets: --per-n single-round puzzles for each N from 1\n"
      "to --max-n, and --sumo puzzles from Marathon match rounds with a sumo-push or extra-turn\n"
      "theme (N = 2 to 4). Every puzzle is sound (proved), has a unique key and at least two legal\n"
      "moves. Then it writes a certificate per puzzle (certificates/<id>.proof: the key wins in N of\n"
      "the winner's moves; check it with kamisado check-proof), puzzles.json, the booklet\n"
      "index.html and README.md. Running it again only adds what is missing.\n"
      "Example: kamisado puzzles publish --out reports/puzzles --seed 1");
  cmd->add_option("--out", opt->out, "The collection's folder (made if missing)")->required();
  cmd->add_option("--per-n", opt->per_n, "Single-round puzzles for each N (default 45)")->check(CLI::Range(0, 100000));
  cmd->add_option("--max-n", opt->max_n, "The largest N (default 5)")->check(CLI::Range(1, 20));
  cmd->add_option("--sumo", opt->sumo, "Puzzles with Sumo themes from match rounds (default 55)")->check(CLI::Range(0, 100000));
  cmd->add_option("--seed", opt->seed, "Seed of the games (default 1)")->check(kSeed);
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 65536));
  cmd->callback([&action, opt] {
    action = [opt](Io& io) {
      namespace fs = std::filesystem;
      const fs::path dir(opt->out), certs = dir / "certificates";
      std::error_code ec;
      if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) throw UsageError("--out wants a folder, and '" + opt->out + "' is a file");
      // The README, JSON and booklet are rewritten: only in a collection's own folder, never
      // over files of a folder that holds something else.
      if (fs::is_directory(dir, ec) && !fs::is_empty(dir, ec) && !fs::exists(dir / "puzzles.db", ec))
        throw UsageError("'" + opt->out + "' holds other files and no puzzles.db: give a new or empty folder, or a collection's");
      fs::create_directories(certs, ec);
      if (ec) throw UsageError("cannot make the folder '" + certs.string() + "': " + ec.message());
      for (const char* name : {"puzzles.json", "index.html", "README.md"}) check_writable((dir / name).string());
      std::unique_ptr<puzzles::Store> store;
      try {
        store = std::make_unique<puzzles::Store>((dir / "puzzles.db").string());
      } catch (const puzzles::StoreError& e) {
        throw UsageError(e.what());
      }

      std::optional<CtrlC> ctrl_c(std::in_place);  // until the certificates are written
      Progress progress(io.err);
      double generate_seconds = 0;
      auto fill = [&](const std::string& what, puzzles::GenerateOptions gen, int have) {
        if (have >= gen.count || ctrl_c->pressed()) return;
        gen.count -= have;
        gen.seed = opt->seed;
        gen.hash_mb = opt->hash;
        io.err << fmt::format("puzzles publish: {}: {} to add\n", what, gen.count);
        auto done = puzzles::generate(
            gen, [&](const puzzles::Puzzle& p) { return store->add(p); },
            [&](const puzzles::GenerateProgress& g) {
              progress.tick([&] {
                return fmt::format("puzzles publish: {} {} {} of {}", what, progress_bar(double(g.accepted) / gen.count),
                                   g.accepted, gen.count);
              });
            },
            ctrl_c->flag());
        if (done.exhausted) io.err << fmt::format("puzzles publish: {}: only {} found before the games ran dry\n", what, done.accepted);
      };
      auto start = std::chrono::steady_clock::now();
      try {
        for (int n = 1; n <= opt->max_n; ++n) {
          int have = 0;
          for (const auto& p : store->all()) have += p.kind == "single" && p.n == n;
          puzzles::GenerateOptions gen;
          gen.count = opt->per_n, gen.n = n;
          fill(fmt::format("single round, win in {}", n), gen, have);
        }
        // Sumo puzzles: a push needs the extra turn, so N >= 2; spread over N = 2, 3 and 4.
        for (int n = 2; n <= 4; ++n) {
          int have = 0, have_n = 0;
          for (const auto& p : store->all())
            if (p.kind == "match" && has_sumo_theme(p)) ++have, have_n += p.n == n;
          const int wanted_n = (opt->sumo - have) / (5 - n) + have_n;  // what is left, shared over the Ns to come
          puzzles::GenerateOptions gen;
          gen.count = std::max(wanted_n, have_n), gen.n = n, gen.match = true;
          gen.themes = {"sumo-push", "extra-turn"};
          fill(fmt::format("Marathon rounds with Sumo themes, win in {}", n), gen, have_n);
        }
      } catch (const puzzles::StoreError& e) {
        throw UsageError(e.what());
      }
      generate_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (ctrl_c->pressed()) {
        io.out << fmt::format("stopped by Ctrl-C: {} holds {} puzzles; run again to go on\n", (dir / "puzzles.db").string(), store->count());
        return kOk;
      }

      // A certificate per puzzle, checked before it is written.
      std::vector<puzzles::StoredPuzzle> rows = store->all();
      solver::SolveLimits limits;
      limits.hash_mb = opt->hash;
      limits.stop = ctrl_c->flag();
      solver::TranspositionTable table(opt->hash);
      std::size_t proof_nodes = 0, largest = 0;
      auto cert_start = std::chrono::steady_clock::now();
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& p = rows[i];
        Position pos = parse_kfen(p.kfen);
        Move key = parse_move(pos, p.keys.substr(0, p.keys.find(' ')));
        auto tree = puzzles::certify(pos, key, p.n, table, limits);
        if (!tree) {
          if (ctrl_c->pressed()) {
            io.out << "stopped by Ctrl-C while writing certificates; run again to go on\n";
            return kOk;
          }
          throw std::logic_error(fmt::format("puzzle {} ({}): its key does not prove a win in {}", p.id, p.kfen, p.n));
        }
        solver::ProofCheck check = solver::check_proof(*tree);
        if (!check.holds) throw std::logic_error(fmt::format("puzzle {}: its certificate fails: {}", p.id, check.failure));
        std::ostringstream text;
        solver::write_proof(*tree, text);
        write_file_atomically((certs / fmt::format("{}.proof", p.id)).string(), text.str());
        proof_nodes += tree->nodes.size();
        largest = std::max(largest, tree->nodes.size());
        progress.tick([&] { return fmt::format("puzzles publish: certificates {} {} of {}", progress_bar(double(i + 1) / rows.size()), i + 1, rows.size()); });
      }
      ctrl_c.reset();
      double cert_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - cert_start).count();

      write_file_atomically((dir / "puzzles.json").string(), collection_json(rows, true));
      write_file_atomically((dir / "index.html").string(), puzzle_booklet_html(rows, "Kamisado puzzles: a first collection"));

      // README.md: what is there, by N and kind, and by theme.
      std::map<std::pair<std::string, int>, int> by_n;
      std::map<std::string, int> by_theme;
      int unique = 0, sumo = 0, with_duals = 0;
      for (const auto& p : rows) {
        ++by_n[{p.kind, p.n}];
        unique += p.keys.find(' ') == std::string::npos;
        sumo += p.kind == "match" && has_sumo_theme(p);
        with_duals += p.dual_turns > 0;
        for (const std::string& t : puzzles::field_items(p.themes)) ++by_theme[t];
      }
      std::ostringstream md;
      md << "# Kamisado puzzles: a first collection\n\n"
         << fmt::format("Made by `kamisado puzzles publish --out {} --per-n {} --max-n {} --sumo {} --seed {}` (last run {}, {}).\n\n",
                        opt->out, opt->per_n, opt->max_n, opt->sumo, opt->seed, today(), build_flags())
         << fmt::format("**{} puzzles**: {} with a unique key; {} from Marathon match rounds with a Sumo theme (sumo-push or "
                        "extra-turn); {} with duals on the main line (tagged, and shown in the solution).\n\n",
                        rows.size(), unique, sumo, with_duals)
         << "Each is a position reached in seeded self-play between the alpha-beta players (the moves that reach it are in "
            "`puzzles.json`), a proved win in exactly N of the winner's own moves (passes and the extra turn after a push "
            "count) with one key and at least two legal moves.\n\n"
         << "| kind | N | puzzles |\n|---|---|---|\n";
      for (const auto& [k, count] : by_n) md << fmt::format("| {} | {} | {} |\n", k.first, k.second, count);
      md << "\n| theme | puzzles |\n|---|---|\n";
      for (const auto& [t, count] : by_theme) md << fmt::format("| {} | {} |\n", t, count);
      md << "\n## Files\n\n"
         << "- `puzzles.db`: the collection (SQLite; schema in `puzzles/store.h`).\n"
         << "- `puzzles.json`: every puzzle with its solution, themes, difficulty, source and prefix.\n"
         << "- `index.html`: the booklet, a diagram per puzzle and the solution behind a toggle.\n"
         << fmt::format("- `certificates/<id>.proof`: {} proof trees ({} positions in all, the largest {}), each the proof "
                        "that the key wins in N of the winner's moves (a `moves` header). Each was re-verified by the proof "
                        "checker when written ({:.2f} s for all); check one with `kamisado check-proof "
                        "{}/certificates/<id>.proof`. That no move wins faster and that the key is the only first move "
                        "that wins in N is proved by the search and is not in the certificate.\n",
                        rows.size(), proof_nodes, largest, cert_seconds, opt->out);
      write_file_atomically((dir / "README.md").string(), md.str());
      io.out << fmt::format("{}: {} puzzles ({} with Sumo themes), {} certificates checked; generating took {:.1f} s, "
                            "certificates {:.2f} s\n",
                            opt->out, rows.size(), sumo, rows.size(), generate_seconds, cert_seconds);
      return kOk;
    };
  });
}

}  // namespace kamisado::cli
