#include "solver/match/by_rounds_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "kamisado/board.h"
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

double LevelProjection::core_hours() const {
  double seconds = 0;
  for (const PlanLevel& l : levels) seconds += l.projected * l.mean_seconds();
  return seconds / 3600;
}

double LevelProjection::starts() const {
  double n = 0;
  for (const PlanLevel& l : levels) n += l.projected;
  return n;
}

LevelProjection project_by_levels(const Position& root, std::size_t per_level, std::size_t hash_mb, double seconds, const std::atomic<bool>* stop,
                                  const io::Lines& lines) {
  using clock = std::chrono::steady_clock;
  const auto begin = clock::now();
  LevelProjection p;
  p.root_kfen = to_kfen(root);
  p.per_level = per_level;
  io::Progress progress(lines);
  std::vector<Position> starts{root};  // this level's, to sample from
  double projected = 1;
  while (!starts.empty() && !(stop && stop->load())) {
    PlanLevel level;
    level.projected = projected;
    std::vector<Position> next;
    std::set<RoundStartKey> distinct;
    const std::size_t want = std::max<std::size_t>(1, per_level);
    const std::size_t step = std::max<std::size_t>(1, starts.size() / want);
    for (std::size_t i = 0; i < starts.size() && level.sampled < want; i += step) {
      const double left = seconds > 0 ? seconds - std::chrono::duration<double>(clock::now() - begin).count() : 0;
      if (seconds > 0 && left <= 0) break;
      ByRoundsOptions o;
      o.hash_mb = hash_mb;
      o.stop = stop;
      o.seconds = left;
      RoundStartTable none;  // no start is known: every one is a guess
      const ByRoundsPlan plan = plan_by_rounds(starts[i], none, o);
      ++level.sampled;
      if (!plan.winner) break;  // stopped: the level is measured as far as it went
      ++level.decided;
      level.seconds += plan.search_seconds;
      level.nodes += plan.nodes;
      level.next += plan.jobs.size();
      for (const Position& job : plan.jobs)
        if (distinct.insert(key_of(*round_start_of(job))).second) next.push_back(job);
      progress.tick([&] {
        return fmt::format("plan by levels: {}, level {}: {} of {} starts planned", p.root_kfen, p.levels.size() + 1, level.sampled, per_level);
      });
    }
    level.distinct = distinct.size();
    p.levels.push_back(level);
    if (level.decided < level.sampled || level.decided == 0) return p;  // out of time or stopped
    projected *= level.fan_out();
    starts = std::move(next);
  }
  p.complete = starts.empty();
  return p;
}

void levels_section(io::Report& md, const std::vector<LevelProjection>& projections) {
  if (projections.empty()) return;
  md.section("The Standard and Long matches by rounds: a projection level by level");
  md.paragraph(fmt::format(
      "Too large to run here, so projected (solver/match/by_rounds_study.h, `project_by_levels`): the match's plan (the first master run on "
      "guesses alone, as `solve --by-rounds --plan`) lists the round-2 starts its proof rests on; an even sample of {} of them is planned in "
      "turn, and the starts their plans rest on are level 3's, and so on down to starts whose round decides the match, or until the time "
      "given runs out. Without reuse, level L+1 holds S(L) × the mean starts a sampled plan rests on, and a start costs what its plan's search cost "
      "(a run's masters search on tables lent to them, so "
      "making and clearing the plan's table is not counted). "
      "It is an order of magnitude, not a bound: starts met again from other round ends (reuse) make a run cheaper; a run also runs each "
      "master again once its jobs are proved, proves jobs no proof keeps, and plans again where a guess fails. Levels not reached are not "
      "counted. Each start needs 32 bytes in the round-start table (starts/round_start_table.h).",
      projections.front().per_level));
  md.table({"match", "level (round)", "starts planned", "starts each rests on (mean)", "distinct in the sample", "plan time (s, mean)",
            "starts at this level S(L)", "core-hours at this level"});
  for (const LevelProjection& p : projections)
    for (std::size_t i = 0; i < p.levels.size(); ++i) {
      const PlanLevel& l = p.levels[i];
      md.row({"`" + p.root_kfen + "`", std::to_string(i + 1), fmt::format("{} of {}", l.decided, l.sampled),
              l.decided ? fmt::format("{:.0f}", l.fan_out()) : "-", l.decided ? fmt::format("{} of {}", l.distinct, l.next) : "-",
              l.decided ? fmt::format("{:.3g}", l.mean_seconds()) : "-", fmt::format("{:.3g}", l.projected),
              l.decided ? fmt::format("{:.3g}", l.projected * l.mean_seconds() / 3600) : "-"});
    }
  for (const LevelProjection& p : projections)
    md.paragraph(fmt::format("`{}`: {:.3g} starts, {:.3g} core-hours ({:.3g} days on a cluster of 1000 cores), {:.3g} GB of round-start table{}.",
                             p.root_kfen, p.starts(), p.core_hours(), p.core_hours() / 1000 / 24, p.starts() * 32 / 1e9,
                             p.complete ? ", down to the rounds that decide the match"
                                        : fmt::format(" over the {} levels measured; the deeper levels were not reached within the time given, so "
                                                      "this is below what the match needs",
                                                      p.levels.size())));
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
                  p.root_kfen, side_name(*p.plan.winner), p.plan.jobs.size(), p.plan.taken, p.plan.nodes, p.plan.seconds));
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

std::uint64_t RunRate::proved() const {
  std::uint64_t n = 0;
  for (std::size_t d = 1; d < result.rounds.size(); ++d) n += result.rounds[d].proved;
  return n;
}

std::vector<RunRate> measure_run_rates(const Position& root, double seconds, const std::vector<unsigned>& threads, std::size_t hash_mb,
                                       const std::atomic<bool>* stop, const io::Lines& lines) {
  std::vector<RunRate> rates;
  for (unsigned t : threads) {
    if (stop && stop->load()) break;
    ByRoundsOptions o;
    o.hash_mb = hash_mb;
    o.threads = t;
    o.seconds = seconds;
    o.stop = stop;
    io::Progress progress(lines);
    o.progress = [&](const ByRoundsProgress& at) {
      progress.tick([&] {
        return fmt::format("match-report: a run by rounds on {} thread{}: {:.0f} s, {} starts proved", t, t == 1 ? "" : "s", at.seconds,
                           at.starts_proved);
      });
    };
    RoundStartTable table;  // empty: each run starts from nothing
    rates.push_back({root, t, solve_by_rounds(root, table, o)});
  }
  return rates;
}

void run_rates_section(io::Report& md, const std::vector<RunRate>& rates) {
  if (rates.empty()) return;
  const std::string root_kfen = to_kfen(rates.front().root);
  md.section("The 2-point match by rounds: a run, measured");
  md.paragraph(fmt::format(
      "The run itself (`kamisado solve \"{}\" --goal match --by-rounds`), from an empty round-start table, on one thread and then on two "
      "(each thread a job at a time, with a search table of its own). Round 2's starts are the first master's jobs; round 3's are theirs, "
      "proved by the thread that needs them. *Met again* counts the starts a master found already proved by another master: the reuse "
      "that a table of round starts buys.",
      root_kfen));
  md.table({"threads", "time (s)", "round", "jobs taken", "proved", "met again", "reuse", "starts proved a second", "nodes"});
  for (const RunRate& r : rates)
    for (std::size_t d = 1; d < r.result.rounds.size(); ++d) {
      const RoundCount& c = r.result.rounds[d];
      const std::uint64_t met = c.proved + c.known;
      md.row({std::to_string(r.threads), fmt::format("{:.0f}", r.result.seconds), std::to_string(d + 1), std::to_string(c.jobs),
              std::to_string(c.proved), std::to_string(c.known), met ? fmt::format("{:.0f}%", 100.0 * double(c.known) / double(met)) : "-",
              d == 1 ? fmt::format("{:.1f}", r.starts_per_second()) : "", d == 1 ? std::to_string(r.result.nodes) : ""});
    }
  const RunRate& last = rates.back();
  md.paragraph(fmt::format(
      "{}The whole run is this command; its round-start table is its checkpoint (written every `--checkpoint-every` seconds and at a stop), "
      "so a run stopped or killed is continued by the same command, by threads or by MPI ranks (`mpirun -np N kamisado solve ... --mpi`), "
      "and ends with the value of a run never stopped (tests/by_rounds_kill_resume.sh, tests/by_rounds_mpi.sh): `kamisado solve \"{}\" "
      "--goal match --by-rounds --plans --hash 1024 --threads 2 --starts runs/two-point.starts --certificate runs/two-point.certificate "
      "--checkpoint-every 120`; `--certificate` writes the certificate in layers as it goes, which `check-proof` then checks whole "
      "(`match-report --certificate` too).",
      last.result.winner
          ? fmt::format("The run on {} thread{} ended: {} wins. ", last.threads, last.threads == 1 ? "" : "s", side_name(*last.result.winner))
          : "",
      root_kfen));
}

}  // namespace kamisado::solver
