// kamisado census plan|run|merge|report: the first-mover census (solver/census/census.h).
#include "app/cli/commands.h"
#include "app/present/census_report.h"
#include "solver/census/census.h"
#include "solver/census/census_mpi.h"

namespace kamisado::cli {

void add_census_export(CLI::App& census, Action& action);  // cmd_census_export.cpp

namespace {

const CommandText kPlanText{"plan", "Start a census run in a folder: which starts, in how many shards",
                            "The subspace names the starts (solver/census/subspace.h):\n"
                            "  black-standard   Black's B5 home row against every Gold row, either side first (the default)\n"
                            "  sample:N:SEED    N starts drawn uniformly from all 8!*8!*2 home-row arrangements\n"
                            "  regrouped:N:SEED the N starts of `opening --regrouped N --seed SEED` (to compare the two)\n"
                            "  range:A:B        the census classes A..B-1;  all: every class (812,924,928)\n"
                            "Starts equal up to the board's symmetries (rules.md B3) are proved once. Every start is proved\n"
                            "value only; the second mover's wins get a proof tree, built, checked and kept, and at merge a\n"
                            "seeded 1% of the first mover's wins are proved again with a checked tree. --trees all builds\n"
                            "and checks every start's tree during the run instead (about 1.7 times the time). The folder gets\n"
                            "manifest.json; planning the same run again is harmless, another plan in it is refused.\n"
                            "Example: kamisado census plan runs/std --subspace black-standard"};

const CommandText kRunText{"run", "Prove every start of a census run that is not proved yet",
                           "Each shard (a slice of the run's starts) is proved by one worker and written to its own file\n"
                           "when done, so a run stopped by Ctrl-C or a kill loses only the shards being proved: run the\n"
                           "same command again to go on. --threads proves shards on several threads of one process;\n"
                           "--mpi under mpirun (or srun) spreads them over the job's ranks: rank 0 hands the shards out\n"
                           "one at a time to whichever rank asks, and proves some itself. The folder must be shared.\n"
                           "Examples: kamisado census run runs/std --threads 2\n"
                           "          mpirun -np 2 kamisado census run runs/std --mpi"};

const CommandText kMergeText{"merge", "Read every shard of a census run, check it and count",
                             "Checks exact coverage (every start of the run once, nothing else), re-checks each kept\n"
                             "certificate of a second-mover win from its file, and proves a seeded 1% of the first-mover\n"
                             "wins again. Exit code 1 if a certificate fails, a proof file is claimed by no shard, or the run\n"
                             "is incomplete (shards missing).\n"
                             "Example: kamisado census merge runs/std --json"};

const CommandText kReportText{"report", "Merge census runs and write one report of them all",
                              "Each run is merged as `census merge` does; the report gives each run's counts, shares (with a\n"
                              "95% interval for a sample), second-mover wins with their certificates and the hypotheses\n"
                              "tested on them, then the throughput of every run, the speed-up where one subspace was run on\n"
                              "1 worker and on more, and the whole census projected from the largest sample:N:SEED run.\n"
                              "--compare-regrouped sets a run of subspace regrouped:N:SEED beside the checkpoint of\n"
                              "`opening --regrouped N --seed SEED` (the same starts).\n"
                              "Example: kamisado census report runs/std runs/sample --report reports/census.md"};

struct PlanOptions {
  std::string dir;
  solver::CensusPlan plan;
};
struct RunOptions {
  std::string dir;
  int threads = 1;
  bool mpi = false;
};
struct MergeOptions {
  std::string dir;
  int threads = 1;
};
struct ReportOptions {
  std::vector<std::string> dirs;
  std::string report, compare;
  int threads = 1;
};

int plan(const PlanOptions& o, Io& io) {
  solver::Census c = solver::plan_census(o.dir, o.plan, io.lines());
  return io.print(present::census_plan_answer(c));
}

int run(const RunOptions& o, Io& io) {
  solver::CensusRunOptions options;
  options.threads = o.threads;
  options.stop = io.stop;
  if (o.mpi && o.threads != 1) throw UsageError("--mpi runs one prover a rank (and rank 0's own): give the ranks to mpirun -np, not --threads");
  solver::CensusRunStats s = o.mpi ? solver::run_census_mpi(o.dir, options, io.lines()) : solver::run_census(o.dir, options, io.lines());
  if (s.workers == 0) return kOk;  // an MPI rank other than 0: rank 0 reports
  return io.print(present::census_run_answer(o.dir, s));
}

int merge(const MergeOptions& o, Io& io) {
  solver::CensusMerged m = solver::merge_census(o.dir, io.lines(), io.stop, o.threads);
  // An incomplete run has no census to give: the counts are printed, and the exit says so.
  const int code = io.print(present::census_json(m), present::census_summary(m), m.sound() && m.complete() ? kOk : kInternalError);
  io.err << present::census_missing_line(m, o.dir);
  return code;
}

int report(const ReportOptions& o, Io& io) {
  const auto runs = present::write_census_report({o.dirs, o.report, o.compare, o.threads}, io.lines(), io.stop);
  return io.print(present::census_report_answer(runs, o.report));
}

}  // namespace

void add_census(CLI::App& app, Action& action) {
  CLI::App* census = app.add_subcommand("census", "The first-mover census: who wins the round from every home-row arrangement");
  census->require_subcommand(1);
  census->footer(
      "A census proves who wins the round from each start of a subspace of all regrouped starts\n"
      "(rules.md F3, T1), once per symmetry class (B3), and keeps a checked certificate of every\n"
      "start the second mover wins. Plan a run in a folder, run it (again after a stop), merge.\n"
      "Example: kamisado census plan runs/std && kamisado census run runs/std --threads 2\n"
      "         kamisado census report runs/std --report reports/census.md");
  auto [p, plan_opt] = command<PlanOptions>(*census, action, kPlanText, plan);
  p->add_option("dir", plan_opt->dir, "The run's folder")->required();
  p->add_option("--subspace", plan_opt->plan.subspace, "Which starts (default black-standard)");
  p->add_option("--shard-size", plan_opt->plan.shard_size, "Starts in one shard (default 256)")->check(CLI::Range(1, 1'000'000));
  hash_option(p, plan_opt->plan.hash_mb, " for each worker");
  p->add_option_function<std::string>(
       "--trees", [o = plan_opt](const std::string& v) { o->plan.trees_for_all = v == "all"; },
       "Whose proof trees the run builds and checks: second-mover (their wins; the default) or all")
      ->check(CLI::IsMember({"second-mover", "all"}));
  auto [r, run_opt] = command<RunOptions>(*census, action, kRunText, run, Needs::CtrlC);
  r->add_option("dir", run_opt->dir, "The run's folder")->required();
  threads_option(r, run_opt->threads, "proving shards");
  r->add_flag("--mpi", run_opt->mpi, "Run across the ranks of an MPI job: mpirun -np N kamisado census run DIR --mpi (N >= 2)");
  auto [m, merge_opt] = command<MergeOptions>(*census, action, kMergeText, merge, Needs::CtrlC);
  m->add_option("dir", merge_opt->dir, "The run's folder")->required();
  threads_option(m, merge_opt->threads, "checking certificates");
  add_census_export(*census, action);
  auto [rp, report_opt] = command<ReportOptions>(*census, action, kReportText, report, Needs::CtrlC);
  rp->add_option("dirs", report_opt->dirs, "The runs' folders")->required();
  threads_option(rp, report_opt->threads, "checking certificates");
  report_option(rp, report_opt->report)->required();
  rp->add_option("--compare-regrouped", report_opt->compare, "A checkpoint of opening --regrouped to set beside a regrouped:N:SEED run")
      ->check(CLI::ExistingFile);
}

}  // namespace kamisado::cli
