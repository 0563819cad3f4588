// The work of a match proved by rounds, as a levels journal measured it (levels_journal.h), for
// the simulation of the run at scale (issue 68: the job tree scheduler on simulated ranks).
//
// A start's *stratum* is its round's score and its side to move ("2:1-0 g": Gold to move, 2 to 1
// in a 3-point match, KFEN's match field): the projection samples by it (match-report), and every
// start of a stratum is alike for the run: the same level (a round a point, so the points played
// and one), the same job depth (by_rounds.h, job_depth), one round or a master. Each stratum keeps
// its measured plans: a plan's search seconds and how many of the next round's starts of each
// stratum it rests on. A simulated job draws its plans from its stratum's.
//
// A one-round stratum's starts (job_depth 0: a round search, some 10 ms) are proved by their
// master, inside its job, as the run does with a last round's jobs; one costs its plans' mean
// seconds and those of its own starts, recursively (inside_seconds). The other strata are masters,
// handed out as jobs of their own.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kamisado::solver {

struct ScalePlan {
  double seconds = 0;
  std::vector<std::pair<std::uint32_t, std::uint64_t>> next;  // (stratum, starts)
};

struct ScaleStratum {
  std::string name;           // the match field and the side to move: "3:2-1 g"
  std::uint32_t level = 1;    // the round: points played + 1
  bool one_round = false;     // proved inside its master's job
  double inside_seconds = 0;  // one_round: what proving one inside its master costs, on average
  std::vector<ScalePlan> plans;
};

struct ScaleModel {
  std::string root;  // the journal's root, KFEN
  std::string journal, build;
  std::uint32_t root_stratum = 0;
  std::vector<ScaleStratum> strata;
  std::size_t plans = 0;  // measured, in all
};

// The model of the journal at `path`. An InputError if it is no journal, or if a plan rests on
// starts of a stratum the journal measured no plan of (the simulation could not draw them).
ScaleModel scale_model(const std::string& path);

}  // namespace kamisado::solver
