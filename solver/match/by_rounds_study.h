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
#include <string>
#include <vector>

#include "io/progress.h"
#include "io/report.h"
#include "solver/match/by_rounds.h"

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

// The report's section; `whole_search_core_hours` (0: not known) is the whole-match search's
// projection, to compare with.
void by_rounds_section(io::Report& md, const ByRoundsProjection& p, double whole_search_core_hours);

}  // namespace kamisado::solver
