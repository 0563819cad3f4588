#include "solver/match/by_rounds_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>
#include <set>

#include <fmt/format.h>

#include "solver/match/levels_journal.h"
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

std::string score_stratum(const Position& start) {
  const Side first = start.side_to_move();
  const MatchScore& m = start.match();
  return fmt::format("{}-{}", m.points[index(first)], m.points[index(~first)]);
}

double Stratum::mean_seconds() const {
  if (plans.empty()) return 0;
  double total = 0;
  for (const PlannedStart& plan : plans) total += plan.seconds;
  return total / double(plans.size());
}

std::size_t Stratum::next() const {
  std::size_t n = 0;
  for (const PlannedStart& plan : plans)
    for (const auto& [score, count] : plan.next) n += count;
  return n;
}

std::size_t PlanLevel::sampled() const {
  std::size_t n = 0;
  for (const Stratum& s : strata) n += s.sampled;
  return n;
}

std::size_t PlanLevel::decided() const {
  std::size_t n = 0;
  for (const Stratum& s : strata) n += s.plans.size();
  return n;
}

std::size_t PlanLevel::next() const {
  std::size_t n = 0;
  for (const Stratum& s : strata) n += s.next();
  return n;
}

double PlanLevel::seconds() const {
  double t = 0;
  for (const Stratum& s : strata)
    for (const PlannedStart& plan : s.plans) t += plan.seconds;
  return t;
}

std::uint64_t PlanLevel::nodes() const {
  std::uint64_t n = 0;
  for (const Stratum& s : strata)
    for (const PlannedStart& plan : s.plans) n += plan.nodes;
  return n;
}

double PlanLevel::projected() const {
  double n = 0;
  for (const Stratum& s : strata) n += s.projected;
  return n;
}

double PlanLevel::core_seconds() const {
  double t = 0;
  for (const Stratum& s : strata) t += s.core_seconds();
  return t;
}

void project_strata(std::vector<PlanLevel>& levels) {
  std::map<std::string, double> here;  // S(L, s) of the level at hand
  for (std::size_t l = 0; l < levels.size(); ++l) {
    std::map<std::string, double> below;
    for (Stratum& s : levels[l].strata) {
      s.projected = l == 0 ? 1 : here[s.score];  // the root's level: the root alone
      if (s.plans.empty()) continue;             // not measured: nothing below it is counted
      for (const PlannedStart& plan : s.plans)
        for (const auto& [score, count] : plan.next) below[score] += s.projected * double(count) / double(s.plans.size());
    }
    here = std::move(below);
  }
}

double LevelProjection::core_hours() const {
  double seconds = 0;
  for (const PlanLevel& l : levels) seconds += l.core_seconds();
  return seconds / 3600;
}

double LevelProjection::starts() const {
  double n = 0;
  for (const PlanLevel& l : levels) n += l.projected();
  return n;
}

std::pair<double, double> LevelProjection::core_hours_interval(std::size_t replicates) const {
  if (replicates == 0) return {core_hours(), core_hours()};
  std::mt19937_64 draw(1);  // seeded: a report's interval is the same each time it is made
  std::vector<double> hours;
  for (std::size_t r = 0; r < replicates; ++r) {
    LevelProjection again = *this;
    for (std::size_t l = 0; l < levels.size(); ++l)
      for (std::size_t i = 0; i < levels[l].strata.size(); ++i) {
        const std::vector<PlannedStart>& plans = levels[l].strata[i].plans;
        std::uniform_int_distribution<std::size_t> pick(0, plans.empty() ? 0 : plans.size() - 1);
        for (PlannedStart& plan : again.levels[l].strata[i].plans) plan = plans[pick(draw)];
      }
    project_strata(again.levels);
    hours.push_back(again.core_hours());
  }
  std::sort(hours.begin(), hours.end());
  const auto at = [&](double q) { return hours[std::min(hours.size() - 1, std::size_t(q * double(hours.size())))]; };
  return {at(0.05), at(0.95)};
}

LevelProjection project_by_levels(const Position& root, const LevelsOptions& options, const io::Lines& lines) {
  using clock = std::chrono::steady_clock;
  const auto begin = clock::now();
  const double seconds = options.seconds;
  const std::atomic<bool>* stop = options.stop;
  LevelProjection p;
  p.root_kfen = to_kfen(root);
  p.per_level = options.per_level;
  p.depth_prices = options.depth_prices;
  p.journal = options.journal;
  std::optional<LevelsJournal> journal;
  if (!options.journal.empty()) journal.emplace(options.journal, root, options.hash_mb, options.depth_prices);
  if (journal) p.journal_build = journal->other_build();
  io::Progress progress(lines);
  std::map<std::string, std::vector<Position>> pools{{score_stratum(root), {root}}};  // this level's starts, by stratum
  const std::size_t want = std::max<std::size_t>(1, options.per_level);
  bool cut = false;  // out of time or stopped
  while (!pools.empty() && !cut) {
    PlanLevel level;
    for (const auto& [score, starts] : pools) level.strata.push_back({score, 0, starts.size(), {}, 0});
    std::map<std::string, std::vector<Position>> below;
    std::set<RoundStartKey> distinct;
    // The strata in turn, the i-th start of each: a level the time cuts short has planned some of
    // every stratum rather than all of the first.
    for (std::size_t i = 0; i < want && !cut; ++i)
      for (Stratum& stratum : level.strata) {
        const std::vector<Position>& starts = pools.at(stratum.score);
        const std::size_t step = std::max<std::size_t>(1, starts.size() / want);
        if (i * step >= starts.size()) continue;
        const std::string kfen = to_kfen(starts[i * step]);
        const JournalPlan* plan = journal ? journal->find(kfen) : nullptr;
        JournalPlan planned_now;
        if (plan) {
          ++p.from_journal;
        } else {
          const double left = seconds > 0 ? seconds - std::chrono::duration<double>(clock::now() - begin).count() : 0;
          if ((seconds > 0 && left <= 0) || (stop && stop->load())) {
            cut = true;
            break;
          }
          if (journal) journal->check_can_add(kfen);
          ByRoundsOptions o;
          o.hash_mb = options.hash_mb;
          o.depth_prices = options.depth_prices;
          o.stop = stop;
          o.seconds = left;
          RoundStartTable none;  // no start is known: every one is a guess
          ByRoundsPlan made = plan_by_rounds(starts[i * step], none, o);
          if (!made.winner) {  // stopped: the level is measured as far as it went
            ++stratum.sampled;
            cut = true;
            break;
          }
          planned_now = {made.search_seconds, made.nodes, std::move(made.jobs)};
          if (journal) journal->add(kfen, planned_now);
          plan = &planned_now;
        }
        ++stratum.sampled;
        PlannedStart planned{kfen, plan->seconds, plan->nodes, {}};
        for (const Position& job : plan->jobs) {
          const std::string score = score_stratum(job);
          ++planned.next[score];
          if (distinct.insert(key_of(*round_start_of(job))).second) below[score].push_back(job);
        }
        stratum.plans.push_back(std::move(planned));
        progress.tick([&] {
          return fmt::format("plan by levels: {}, level {}: {} starts planned, {} at {}", p.root_kfen, p.levels.size() + 1, level.sampled(),
                             stratum.sampled, stratum.score);
        });
      }
    level.distinct = distinct.size();
    for (const Stratum& s : level.strata) cut = cut || s.plans.empty();  // a stratum not measured: nothing below it is known
    p.levels.push_back(std::move(level));
    pools = std::move(below);
  }
  project_strata(p.levels);
  p.complete = !cut && pools.empty();
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
