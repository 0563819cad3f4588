// kamisado retro probe|stats: a retrograde table looked up (solver/retro/retro_table.h): one
// position's value, distance and optimal moves, or the table counted by value and distance.

#include "app/cli/commands.h"
#include "app/present/retro.h"
#include "src/kamisado/kfen.h"

namespace kamisado::cli {

namespace {

const std::string kExampleRoot = "\"o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O\"";

const CommandText kProbeText{"probe", "Look a position up in a table: value, distance, every optimal move",
                             "The value is for the side to move. The optimal moves: every fastest win, or every longest\n"
                             "defence in a lost position. Only the table's index and the blocks an answer needs are read.\n"
                             "Example: kamisado retro probe late.retro " +
                                 kExampleRoot};

const CommandText kStatsText{"stats", "Count a table's positions by value and distance, and its rule edge cases",
                             "Forced passes (M6), pass chains (M9), deadlocks by the side charged (M8), pushes by rank and\n"
                             "towers pushed (S2); a seeded sample checked against the rules' spec (exit 1 if it disagrees).\n"
                             "Example: kamisado retro stats late.retro --threads 2"};

struct ProbeOptions {
  std::string table, kfen;
};

int probe(const ProbeOptions& opt, Io& io) {
  const std::unique_ptr<solver::RetroLookup> table = solver::open_retro(opt.table);
  Position pos = parse_kfen(opt.kfen);
  auto v = table->probe(pos);
  if (!v) throw UsageError("the position is not in the table (not reachable from its root " + table->root_kfen() + " inside its round)");
  return io.print(present::retro_probe_answer(pos, *v, solver::optimal_moves(*table, pos)));
}

struct StatsOptions {
  std::string table;
  present::RetroStatsOptions stats;
};

int stats(const StatsOptions& opt, Io& io) { return io.print(present::run_retro_stats(opt.table, opt.stats, io.stop, io.lines())); }

}  // namespace

void add_retro_lookups(CLI::App& retro, Action& action) {
  auto [p, probe_opt] = command<ProbeOptions>(retro, action, kProbeText, probe);
  p->add_option("table", probe_opt->table, "The table file")->required();
  kfen_argument(p, probe_opt->kfen);
  auto [s, stats_opt] = command<StatsOptions>(retro, action, kStatsText, stats);
  s->add_option("table", stats_opt->table, "The table file")->required();
  threads_option(s, stats_opt->stats.threads, "counting");
  s->add_option("--sample", stats_opt->stats.sample, "Positions checked against the rules' specification (default 1000)");
  seed_option(s, stats_opt->stats.seed, "the sample");
}

}  // namespace kamisado::cli
