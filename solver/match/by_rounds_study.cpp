#include "solver/match/by_rounds_study.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "kamisado/kfen.h"

namespace kamisado::solver {

double ByRoundsProjection::mean_seconds() const {
  if (sample.empty()) return 0;
  double total = 0;
  for (const SampledStart& s : sample) total += s.seconds;
  return total / double(sample.size());
}

double ByRoundsProjection::standard_error() const {
  if (sample.size() < 2) return 0;
  const double mean = mean_seconds();
  double squares = 0;
  for (const SampledStart& s : sample) squares += (s.seconds - mean) * (s.seconds - mean);
  return std::sqrt(squares / double(sample.size() - 1) / double(sample.size()));
}

ByRoundsProjection project_by_rounds(const Position& root, std::size_t sample, std::size_t hash_mb, const std::atomic<bool>* stop,
                                     const io::Lines& lines) {
  ByRoundsProjection p;
  p.root_kfen = to_kfen(root);
  ByRoundsOptions o;
  o.hash_mb = hash_mb;
  o.stop = stop;
  io::Progress progress(lines);
  o.progress = [&](const ByRoundsProgress& at) {
    progress.tick([&] { return fmt::format("match-report: by rounds, planning: {} jobs taken as guesses, {} nodes", at.jobs_queued, at.nodes); });
  };
  RoundStartTable none;
  p.plan = plan_by_rounds(root, none, o);
  if (!p.plan.winner || p.plan.jobs.empty() || sample == 0) return p;
  o.progress = nullptr;
  const std::size_t step = std::max<std::size_t>(1, p.plan.jobs.size() / sample);
  for (std::size_t i = 0; i < p.plan.jobs.size() && p.sample.size() < sample; i += step) {
    const Position& start = p.plan.jobs[i];
    RoundStartTable table;  // its own: no reuse between the sampled starts
    const ByRoundsResult r = solve_by_rounds(start, table, o);
    if (!r.winner) break;  // stopped
    SampledStart s{to_kfen(start), *r.winner == guessed_match_winner(start), r.nodes, r.seconds, 0};
    for (std::size_t d = 1; d < r.rounds.size(); ++d) s.jobs += r.rounds[d].jobs;
    p.sample.push_back(s);
    progress.tick([&] { return fmt::format("match-report: by rounds, {} of {} sampled starts proved", p.sample.size(), sample); });
  }
  return p;
}

void by_rounds_section(io::Report& md, const ByRoundsProjection& p, double whole_search_core_hours) {
  md.section("The 2-point match by rounds: the plan and its projection");
  if (!p.plan.winner) {
    md.paragraph("Not measured in this run (stopped before the plan was made).");
    return;
  }
  std::size_t held = 0;
  std::uint64_t nodes = 0, jobs = 0;
  for (const SampledStart& s : p.sample) held += s.guess_held, nodes += s.nodes, jobs += s.jobs;
  md.paragraph(
      fmt::format("The match proved round by round (solver/match/by_rounds.h, `kamisado solve \"{}\" --goal match --by-rounds --starts FILE`): "
                  "a master search plays round 1 only, and each round-2 start it needs is a job, proved once, whose round 3 is jobs in turn. "
                  "Its plan (`--plan`: the master run on guesses alone, the first mover winning each job, and its proof walked) gives {} the "
                  "match and rests on {} distinct round-2 starts ({} taken as guesses on the way; {} nodes, {:.0f} s).",
                  p.root_kfen, *p.plan.winner == Side::Black ? "Black" : "Gold", p.plan.jobs.size(), p.plan.taken, p.plan.nodes, p.plan.seconds));
  if (p.sample.empty()) return;
  const double n = double(p.sample.size());
  md.paragraph(
      fmt::format("{} of them, evenly spread, were proved as a run proves its jobs, each with a table of its own (no reuse between them): the "
                  "guess held in {}; a start took {:.1f} s, {:.1f} M nodes and {:.0f} round-3 jobs on average.",
                  p.sample.size(), held, p.mean_seconds(), double(nodes) / n / 1e6, double(jobs) / n));
  md.table({"round-2 start", "guess held", "nodes", "time (s)", "round-3 jobs"});
  for (const SampledStart& s : p.sample)
    md.row({"`" + s.kfen + "`", s.guess_held ? "yes" : "no", std::to_string(s.nodes), fmt::format("{:.1f}", s.seconds), std::to_string(s.jobs)});
  std::string compare;
  if (whole_search_core_hours > 0)
    compare = fmt::format(", {:.1f} times below the {:.1f} core-hours that the whole-match search's frontier projects as a lower bound (above)",
                          whole_search_core_hours / p.core_hours(), whole_search_core_hours);
  md.paragraph(
      fmt::format("Projection: {} starts × {:.1f} s ≈ {:.1f} core-hours on this machine (± {:.1f}: the mean's standard error; the times are "
                  "heavy-tailed){}. It is an estimate, not a bound: a run also proves "
                  "jobs of lines its master leaves, and each start that proves a guess wrong makes the master start again; starts met again "
                  "(reuse, not counted here) make it cheaper. A run keeps its round-start table as its checkpoint, so it can be continued "
                  "from where it stopped, by threads or MPI ranks (`--threads`, `mpirun ... --mpi`).",
                  p.plan.jobs.size(), p.mean_seconds(), p.core_hours(), p.core_hours_standard_error(), compare));
}

}  // namespace kamisado::solver
