// kamisado starts check: a round-start table cross-checked from outside (issue 43), a seeded
// sample of its match starts valued again by the whole-match search (solver/match/starts_check.h).
#include "app/cli/commands.h"
#include "app/present/by_rounds_answer.h"
#include "src/kamisado/rules.h"

namespace kamisado::cli {

namespace {

const CommandText kCheckText{"check", "Value a seeded sample of a round-start table's match starts again, by the whole-match search",
                             "Each start drawn is solved by df-pn through every round to the match's end (solve --goal match,\n"
                             "without --by-rounds and without any table), which shares nothing with the run that wrote the\n"
                             "table but the rules; its value must be the table's. --score keeps the starts at one score\n"
                             "(either way round: 1-1 is round 3 of a 2-point match). Exit code 1 if a start disagrees.\n"
                             "Example: kamisado starts check reports/match/two-point.starts --score 1-1 --sample 200 --seed 1"};

struct CheckOptions {
  std::string table, score;
  solver::StartsCheckOptions check;
};

int check(const CheckOptions& opt, Io& io) {
  solver::StartsCheckOptions o = opt.check;
  if (!opt.score.empty()) o.score = match_score(opt.score);
  o.stop = io.stop;
  const solver::StartsCheck c = solver::check_starts(solver::read_round_starts(opt.table), o, io.lines());
  return io.print(present::starts_check_answer(opt.table, c), c.disagreeing() ? kInternalError : kOk);
}

}  // namespace

void add_starts(CLI::App& app, Action& action) {
  CLI::App* starts = app.add_subcommand("starts", "Round-start tables: the proved round starts a match by rounds rests on");
  starts->require_subcommand(1);
  starts->footer("Example: kamisado starts check reports/match/two-point.starts --score 1-1 --sample 200");
  auto [c, opt] = command<CheckOptions>(*starts, action, kCheckText, check, Needs::CtrlC);
  c->add_option("table", opt->table, "The round-start table (solve --by-rounds --starts, census round-starts)")->required();
  c->add_option("--sample", opt->check.sample, "Starts to draw (default 200)")->check(CLI::Range(std::size_t(1), std::size_t(1) << 30));
  seed_option(c, opt->check.seed, "the sample");
  c->add_option("--score", opt->score, "Only starts at this score, B-G, either way round (default: every match start)");
  hash_option(c, opt->check.hash_mb, " of each start's search");
  c->add_option("--seconds", opt->check.seconds, "Seconds for each start; past them it counts as undecided (default 60)")
      ->check(seconds_between(0.01, 1e6));
}

}  // namespace kamisado::cli
