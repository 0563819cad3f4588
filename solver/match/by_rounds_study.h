// What a match proved round by round (by_rounds.h) costs, measured before it is run: for
// reports/match.md (`kamisado match-report`).
//
// The first master's plan (plan_by_rounds) lists the next round's starts that a proof needs if
// every job's guess holds; an even sample of them is proved, each as a job is (with a table of
// its own: no reuse between them, so the cost is not flattered). The projection is the plan's
// count times the sample's mean time on one core. It is an estimate, not a bound: a run also
// proves the jobs of lines it leaves, and every start that proves a guess wrong makes the first
// master start again (the sample says how often guesses hold); reuse between starts, which
// the sample does not count, makes a run cheaper.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "solver/match/by_rounds.h"
#include "src/io/progress.h"

namespace kamisado::solver {

struct SampledStart {
  std::string kfen;
  bool guess_held = false;  // the start's proved winner is the guessed one
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint64_t jobs = 0;  // its own jobs: starts of the round after
};

struct ByRoundsProjection {
  std::string root_kfen;
  ByRoundsPlan plan;
  std::vector<SampledStart> sample;  // proved, in the plan's order; fewer than asked if stopped
  double mean_seconds() const;
  double standard_error() const;  // of mean_seconds, from the sample's spread (0 below two)
  double core_hours() const { return double(plan.jobs.size()) * mean_seconds() / 3600; }
  double core_hours_standard_error() const { return double(plan.jobs.size()) * standard_error() / 3600; }
};

// Plans the proof of `root` and proves `sample` of its starts, evenly spread.
ByRoundsProjection project_by_rounds(const Position& root, std::size_t sample, std::size_t hash_mb, const std::atomic<bool>* stop,
                                     const io::Lines& lines = {});

// A match too large to run here, projected level by level (the Standard and Long matches): the
// root's plan lists the starts of the next round a proof rests on if every guess holds (level 2);
// a sample of them is planned in turn, and the starts their plans rest on are level 3's, and so
// on, until the sampled starts' rounds decide the match (their plans rest on no start) or the
// time runs out. A start costs about what its plan's search cost (its master, run once on
// guesses, on a table lent to it as a run lends them: making a 1 GB table is not counted; a run
// runs it again once its jobs are proved, and proves the jobs of lines no proof keeps). So it is
// an order of magnitude, not a bound: reuse (a start met from many round ends: 2-point match,
// round 3) makes a run cheaper, failed guesses and re-runs dearer. Levels not reached are not
// counted.
//
// Starts are sampled by score (P3), each score a stratum of its level: in the Standard match a
// round-3 start at 2-0 plans in seconds on some 200 one-round starts, one at 1-1 is a 2-point
// match of its own, hundreds of times dearer, and an even sample of a level where the first are
// 86 % of the starts met none of the second. So each stratum is sampled alone,
// and S(L+1, s') = Σ_s S(L, s) × the mean count of s' starts a sampled plan of s rests on.
std::string score_stratum(const Position& start);  // "2-0": the first mover's points, then the other's

struct PlannedStart {  // one sampled start's plan
  std::string kfen;    // the start: to plan it again with another binary, side by side
  double seconds = 0;  // its search (ByRoundsPlan::search_seconds)
  std::uint64_t nodes = 0;
  std::map<std::string, std::size_t> next;  // the next level's starts it rests on, by stratum
};

struct Stratum {
  std::string score;
  std::size_t sampled = 0;          // starts planned, a stopped one included
  std::size_t pool = 0;             // distinct starts of this score met at this level: sampled from
  std::vector<PlannedStart> plans;  // the plans that finished
  double projected = 0;             // S(L, score): starts of this score in a proof, without reuse
  double mean_seconds() const;
  std::size_t next() const;  // the next level's starts its plans rest on, summed
  double fan_out() const { return plans.empty() ? 0 : double(next()) / double(plans.size()); }
  double core_seconds() const { return projected * mean_seconds(); }
};

struct PlanLevel {
  std::vector<Stratum> strata;  // by score
  std::size_t distinct = 0;     // distinct next starts (by key) of all its plans: reuse within the sample
  std::size_t sampled() const;
  std::size_t decided() const;  // plans that finished (the others were stopped)
  std::size_t next() const;     // next starts its plans rest on, summed
  double seconds() const;       // its plans' searches, summed
  std::uint64_t nodes() const;
  double projected() const;     // S(L): Σ over its strata
  double core_seconds() const;  // Σ S(L, s) × mean plan seconds of s
};

struct LevelProjection {
  std::string root_kfen;
  std::size_t per_level = 0;      // starts planned per stratum of a level
  bool depth_prices = true;       // ByRoundsOptions::depth_prices, as its plans were made
  std::string journal;            // the file its plans were kept in ("" if none: LevelsOptions)
  std::size_t from_journal = 0;   // plans taken from it, made by an earlier run
  std::string journal_build;      // the build that made them, where not this one (a record: levels_journal.h)
  std::vector<PlanLevel> levels;  // [0]: the root's
  bool complete = false;          // down to levels that decide the match
  double core_hours() const;      // Σ S(L, s) × mean plan seconds of s, over the levels measured
  double starts() const;          // Σ S(L)
  // The spread of core_hours from the samples' own: the plans of every stratum drawn again with
  // replacement `replicates` times (a bootstrap, seeded: the same figures each time), each draw
  // projected through the levels below; the 5th and 95th percentiles. A stratum of one plan
  // adds no spread, so with few samples the interval is narrower than the truth.
  std::pair<double, double> core_hours_interval(std::size_t replicates = 1000) const;
};

// S(L, s) of every stratum of `levels`, from the root's (1) down through each level's plans.
void project_strata(std::vector<PlanLevel>& levels);

struct LevelsOptions {
  std::size_t per_level = 1;   // starts planned per stratum of a level
  std::size_t hash_mb = 1024;  // each plan's search table
  double seconds = 0;          // in all (0: no limit); plans read from the journal take none
  bool depth_prices = true;    // ByRoundsOptions::depth_prices: false to measure that lever against
  // Each finished plan kept in this file, and the plans it holds taken instead of planning their
  // starts again (levels_journal.h): a projection stopped or killed goes on where it was, to the
  // figures of one never stopped. "": none.
  std::string journal;
  const std::atomic<bool>* stop = nullptr;
};

// Plans `root` and `per_level` starts of each stratum at each level below it (above), evenly
// spread over the stratum's starts, the strata in turn.
LevelProjection project_by_levels(const Position& root, const LevelsOptions& options, const io::Lines& lines = {});

// A run, measured: the match from `root` proved by rounds (solve_by_rounds, batch mode) from an
// empty table for `seconds` (0: to its end), once for each count of `threads`, one after the
// other. What each proved in that time, round by round, is its rate of jobs and its reuse (starts
// a master found already proved by another): the frontier a whole run pushes, where the
// projection above says how far it must go.
struct RunRate {
  Position root;
  unsigned threads = 0;
  ByRoundsResult result;
  std::uint64_t proved() const;  // starts proved, every depth below the root's
  double starts_per_second() const { return result.seconds > 0 ? double(proved()) / result.seconds : 0; }
};
std::vector<RunRate> measure_run_rates(const Position& root, double seconds, const std::vector<unsigned>& threads, std::size_t hash_mb,
                                       const std::atomic<bool>* stop, const io::Lines& lines = {});

}  // namespace kamisado::solver
