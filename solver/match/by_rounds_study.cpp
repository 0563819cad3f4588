#include "solver/match/by_rounds_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "src/kamisado/board.h"
#include "src/kamisado/kfen.h"

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

}  // namespace kamisado::solver
