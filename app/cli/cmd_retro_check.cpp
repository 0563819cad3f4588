// kamisado retro verify|crosscheck|bench: a table re-checked against the rules and against the
// proof search, and the tables of a list of roots built, checked and measured
// (solver/bench/retro_bench.h).
#include "app/cli/commands.h"
#include "app/present/retro.h"

namespace kamisado::cli {

namespace {

const CommandText kVerifyText{"verify", "Re-check every stored value against its successors",
                              "Each stored value and distance must be what the position's successors give, each in the\n"
                              "table; the first entry at fault is named (exit code 1). The table is split by potential into\n"
                              "TABLE.verify/ and checked a layer at a time. Example: kamisado retro verify late.retro --threads 2"};

const CommandText kCrosscheckText{"crosscheck", "Compare a table with the proof-number search on a sample",
                                  "Solves a seeded sample of the table's positions, and every position with a long distance,\n"
                                  "with `kamisado solve`'s search: value and exact distance (exit code 3 if they disagree).\n"
                                  "Example: kamisado retro crosscheck late.retro --sample 10000 --seed 1"};

const CommandText kBenchText{"bench", "Build, verify and cross-check the tables of a list of roots; report",
                             "For each root of the list (JSON: [{\"name\", \"kfen\", \"source\"}, ...]): builds the table in\n"
                             "layers and by the graph (compared entry for entry), measures time and bytes a position,\n"
                             "verifies every value and cross-checks a sample and the long distances with the proof search.\n"
                             "Exit code 3 if a check fails.\n"
                             "Example: kamisado retro bench --report reports/retrograde.md"};

struct VerifyOptions {
  std::string table;
  int threads = 1;
};

int verify(const VerifyOptions& opt, Io& io) { return io.print(present::run_retro_verify(opt.table, opt.threads, io.stop, io.lines())); }

struct CrossCheckOptions {
  std::string table;
  solver::RetroCrossCheckOptions check;
};

int crosscheck(const CrossCheckOptions& opt, Io& io) { return io.print(present::run_retro_crosscheck(opt.table, opt.check, io.lines())); }

struct BenchOptions {
  std::string roots = "tests/data/retro_roots.json", report;
  solver::RetroCrossCheckOptions check;
  int threads = 2;
};

int bench(const BenchOptions& opt, Io& io) { return io.print(present::run_retro_bench(opt.roots, opt.check, opt.threads, opt.report, io.lines())); }

void sample_options(CLI::App* cmd, solver::RetroCrossCheckOptions& check, const std::string& sample_help) {
  cmd->add_option("--sample", check.sample, sample_help)->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 40));
  seed_option(cmd, check.seed, "the sample");
}

}  // namespace

void add_retro_checks(CLI::App& retro, Action& action) {
  auto [v, verify_opt] = command<VerifyOptions>(retro, action, kVerifyText, verify, Needs::CtrlC);
  v->add_option("table", verify_opt->table, "The table file")->required();
  threads_option(v, verify_opt->threads, "checking");
  auto [c, check_opt] = command<CrossCheckOptions>(retro, action, kCrosscheckText, crosscheck);
  c->add_option("table", check_opt->table, "The table file")->required();
  sample_options(c, check_opt->check, "Positions drawn at random (default 10000)");
  c->add_option("--long", check_opt->check.long_distance, "Also every position with at least this distance (default 15)")
      ->check(CLI::Range(1, 100000));
  hash_option(c, check_opt->check.hash_mb, " of the search");
  auto [b, bench_opt] = command<BenchOptions>(retro, action, kBenchText, bench);
  b->add_option("--roots", bench_opt->roots, "The list of roots (default tests/data/retro_roots.json)");
  report_option(b, bench_opt->report);
  sample_options(b, bench_opt->check, "Positions of each table compared with the search (default 10000)");
  threads_option(b, bench_opt->threads, "sorting and verifying");
}

}  // namespace kamisado::cli
