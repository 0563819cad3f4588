// kamisado puzzles export|bench|publish: a collection written out as JSON and an HTML booklet, a
// published collection brought up to its targets with a checked certificate per puzzle
// (puzzles/publish.h), and the generator's rate (puzzles/bench.h).

#include "app/cli/commands.h"
#include "app/present/puzzles.h"
#include "puzzles/publish.h"

namespace kamisado::cli {

namespace {

const CommandText kExportText{"export", "Export a collection: the puzzle trainer and booklet (HTML), or JSON for other tools",
                              "--html DIR writes the trainer: open DIR/index.html in a browser (no server, no network), pick\n"
                              "a puzzle and play it on the board, by clicking a tower then a square, or dragging. The page\n"
                              "refuses a move that does not win in the moves left, plays the proof's longest defence back,\n"
                              "marks forced passes and pushes, gives a hint (the tower to move) or the solution, and keeps\n"
                              "what you solved in the browser. It decides nothing itself: every verdict is proved here by\n"
                              "the search and written into DIR/puzzles.js (puzzles/trainer.h). DIR/booklet.html is the\n"
                              "text booklet: a diagram per puzzle and the solution behind a toggle (it prints).\n"
                              "--json FILE writes every stored field for other tools. Puzzles come by N, then difficulty.\n"
                              "A file in DIR that kamisado did not write (not in DIR/.kamisado-files with its digest) is never\n"
                              "written over: the export is refused in one line, before anything is written.\n"
                              "Example: kamisado puzzles export --db puzzles.db --html trainer --json puzzles.json"};

const CommandText kBenchText{"bench", "Measure the generator: accepted puzzles a minute for N = 1 to 5, and Sumo puzzles",
                             "For each N from 1 to 5, generates --count single-round puzzles into a scratch collection and\n"
                             "times it; then --sumo-count win-in-2 puzzles with a sumo-push or extra-turn theme from Marathon\n"
                             "rounds. Target: at least 100 accepted puzzles a minute for N <= 3.\n"
                             "With --collection DIR (a published collection) the report also gives its counts by N against\n"
                             "the target of 30 for each N = 1 to 10, its difficulty's features by N, and a plot of how the\n"
                             "difficulty spreads over N, written next to the report as <report>-difficulty.svg.\n"
                             "Example: kamisado puzzles bench --report reports/puzzles.md"};

const CommandText kPublishText{"publish", "Build a published collection: puzzles, certificates, booklet, JSON, README",
                               "Brings the collection in DIR up to its targets: --per-n single-round puzzles for each N from 1\n"
                               "to --max-n, and --sumo puzzles from Marathon match rounds with a sumo-push or extra-turn\n"
                               "theme (N = 2 to 4), and the studies: the longest wins with a unique key one or two plies from\n"
                               "the start (--studies) and in the retrograde table of each root in --study-roots\n"
                               "(--studies-per-table). Every puzzle is sound (proved), has a unique key and at least two legal\n"
                               "moves. Then it writes a certificate per puzzle (certificates/<id>.proof: the key wins in N of\n"
                               "the winner's moves; check it with kamisado check-proof), puzzles.json, the trainer\n"
                               "(index.html; see puzzles export), the booklet and README.md. Running it again only adds what\n"
                               "is missing. It writes over no file it did not write (DIR/.kamisado-files), and the files take\n"
                               "their names together at the end, so a failed or stopped run leaves them as they were.\n"
                               "Example: kamisado puzzles publish --out reports/puzzles --seed 1"};

int export_puzzles(const puzzles::ExportOptions& opt, Io& io) {
  return io.print(present::puzzles_export_answer(puzzles::export_collection(opt, io.lines())));
}

struct BenchOptions {
  puzzles::PuzzleBenchOptions bench;
  std::string report;
};

int bench(const BenchOptions& opt, Io& io) {
  puzzles::PuzzleBench b = puzzles::bench_puzzles(opt.bench, io.lines());
  if (!opt.report.empty()) present::write_puzzle_bench_report(b, opt.report);
  return io.print(present::puzzle_bench_answer(b));  // a missed target is no error
}

int publish(const puzzles::PublishOptions& opt, Io& io) {
  puzzles::PublishOptions o = opt;
  o.stop = io.stop;
  return io.print(present::puzzles_publish_answer(o.out, puzzles::publish(o, io.lines())));
}

}  // namespace

void add_puzzle_output(CLI::App& puzzles, Action& action) {
  auto [e, export_opt] = command<puzzles::ExportOptions>(puzzles, action, kExportText, export_puzzles, Needs::OwnJson);
  e->add_option("--db", export_opt->db, "The collection (default puzzles.db)");
  e->add_option("--json", export_opt->json_out, "The JSON file to write");
  e->add_option("--html", export_opt->html_dir, "The folder to write the trainer (index.html) and booklet into; made if missing");
  e->add_option("--title", export_opt->title, "The trainer's title (default \"Kamisado puzzles\")");
  hash_option(e, export_opt->hash_mb);
  auto [b, bench_opt] = command<BenchOptions>(puzzles, action, kBenchText, bench);
  b->add_option("--count", bench_opt->bench.count, "Puzzles per N (default 40)")->check(CLI::Range(1, 100000));
  b->add_option("--max-n", bench_opt->bench.max_n, "Measure N = 1 to this (default 5)")->check(CLI::Range(1, 20));
  b->add_option("--sumo-count", bench_opt->bench.sumo_count, "Sumo puzzles (default 10; 0: none)")->check(CLI::Range(0, 100000));
  b->add_option("--collection", bench_opt->bench.collection,
                "A published collection's folder: the report adds how its difficulty spreads over N, with a plot (SVG) next to the report");
  seed_option(b, bench_opt->bench.seed, "the games");
  report_option(b, bench_opt->report);
  auto [p, publish_opt] = command<puzzles::PublishOptions>(puzzles, action, kPublishText, publish, Needs::CtrlC);
  p->add_option("--out", publish_opt->out, "The collection's folder (made if missing)")->required();
  p->add_option("--per-n", publish_opt->per_n, "Single-round puzzles for each N (default 45)")->check(CLI::Range(0, 100000));
  p->add_option("--max-n", publish_opt->max_n, "The largest N (default 10)")->check(CLI::Range(1, 20));
  p->add_option("--sumo", publish_opt->sumo, "Puzzles with Sumo themes from match rounds (default 55)")->check(CLI::Range(0, 100000));
  p->add_option("--studies", publish_opt->studies_from_opening, "Studies from the opening (default 10)")->check(CLI::Range(0, 1000));
  p->add_option("--studies-per-table", publish_opt->studies_per_table, "Studies from each table of --study-roots (default 3)")
      ->check(CLI::Range(0, 1000));
  p->add_option("--study-roots", publish_opt->study_roots, "A JSON list of roots [{\"name\", \"kfen\"}] whose retrograde tables give studies");
  seed_option(p, publish_opt->seed, "the games");
  hash_option(p, publish_opt->hash_mb);
}

}  // namespace kamisado::cli
