// The match by rounds' work as the simulation runs it (issue 68): the job tree scheduler
// (src/run/job_tree.h) on SimGrid's simulated ranks, with each job's proof swapped for its cost in
// simulated seconds and the starts it rests on, drawn from the levels journal's measured plans
// (solver/match/scale_model.h).
//
// A job is `count` starts of one stratum (payload: stratum, count, seed). Started, it draws a plan
// for each of its starts (for more than 64, 64 draws scaled up: a sum of many draws is near its
// mean), computes for their seconds and for the one-round starts they rest on (proved inside, as
// the run does), then pauses with the rest as its batch, grouped: one job per start down to level
// 2, `group3` starts a job at level 3 and `group_deeper` below (the Standard match rests on
// 1.6e11 starts: they cannot each be a simulated job). Resumed, it is done after `resume_seconds`
// (a master finding its proof again on its own table, with its jobs proved: not measured; 0 by
// default). Every guess holds: the simulation prices the planned work, not failed guesses.
// The draws come from the job's seed, made by its parent's: the tree is the same whatever the
// number of ranks or the schedule.
//
// A rank's core is a process of its own on the rank's host (work_on_core), as the real run's
// worker thread is beside its main thread: it is sent each phase's seconds, sleeps them and
// answers, so the rank waits on that answer and on its messages at once (TreeWork::wake) and
// wakes for either when it comes, never polling.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <vector>

#include <mpi.h>

#include "solver/match/scale_model.h"
#include "src/run/job_tree.h"
#include "src/run/mpi_runner.h"

namespace kamisado::scale {

struct ScaleOptions {
  std::uint64_t group3 = 64, group_deeper = 512;
  double resume_seconds = 0;
};

// The starts the simulated jobs stood for, by level (handed out as jobs, and proved inside them).
struct StartTally {
  std::vector<double> handed_out, inside;
};

class ScaleWork final : public run::TreeWork {
 public:
  // `core`: the rank of its core's process in MPI_COMM_WORLD.
  ScaleWork(const solver::ScaleModel& model, const ScaleOptions& options, StartTally& tally, int core)
      : model_(model), options_(options), tally_(tally), core_(core) {}

  static run::TreeJob root(const solver::ScaleModel& model, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return {{rng(), rng()}, model.strata[model.root_stratum].level, payload(model.root_stratum, 1, rng())};
  }

  unsigned slots() const override { return 1; }

  void start(std::uint64_t id, const run::TreeJob& job) override {
    std::size_t at = 0;
    const auto stratum = run::take<std::uint32_t>(job.payload, at);
    const auto count = run::take<std::uint64_t>(job.payload, at);
    std::mt19937_64 rng(run::take<std::uint64_t>(job.payload, at));
    const solver::ScaleStratum& s = model_.strata.at(stratum);
    count_starts(tally_.handed_out, s.level, double(count));
    const std::uint64_t draws = std::min<std::uint64_t>(count, 64);
    double seconds = 0;
    std::map<std::uint32_t, double> next;
    for (std::uint64_t i = 0; i < draws; ++i) {
      const solver::ScalePlan& plan = s.plans[rng() % s.plans.size()];
      seconds += plan.seconds;
      for (const auto& [child, n] : plan.next) next[child] += double(n);
    }
    const double scale = double(count) / double(draws);
    Pending& p = pending_[id];
    seconds *= scale;
    for (const auto& [child, n] : next) {
      const auto starts = std::uint64_t(std::llround(n * scale));
      const solver::ScaleStratum& c = model_.strata[child];
      if (starts == 0) continue;
      if (c.one_round) {  // proved inside this job, each into its owner's shard
        seconds += double(starts) * c.inside_seconds;
        count_starts(tally_.inside, c.level, double(starts));
        const std::uint64_t keys = std::min<std::uint64_t>(starts, 4);
        for (std::uint64_t k = 0; k < keys; ++k) p.also.push_back({{rng(), rng()}, 1, starts / keys + (k < starts % keys ? 1 : 0)});
        continue;
      }
      const std::uint64_t group = c.level <= 2 ? 1 : c.level == 3 ? options_.group3 : options_.group_deeper;
      for (std::uint64_t left = starts; left > 0;) {
        const std::uint64_t take = std::min(group, left);
        p.batch.push_back({{rng(), rng()}, c.level, payload(child, take, rng())});
        left -= take;
      }
    }
    compute(id, seconds);
  }

  void resume(std::uint64_t id, const std::vector<std::uint8_t>&) override {
    pending_.at(id).resumed = true;
    compute(id, options_.resume_seconds);
  }

  std::vector<run::TreeEvent> events() override {
    std::vector<run::TreeEvent> out;
    int done = 0;
    if (posted_ && answer_ == MPI_REQUEST_NULL)  // completed by the scheduler's wait
      done = 1;
    else if (posted_)
      MPI_Test(&answer_, &done, MPI_STATUS_IGNORE);
    if (!done) return out;
    posted_ = false;
    const auto it = pending_.find(answered_);
    Pending& p = it->second;
    run::TreeEvent& e = out.emplace_back();
    e.id = it->first;
    if (p.resumed || p.batch.empty()) {
      e.done = true, e.value = 1, e.also = std::move(p.also);
      pending_.erase(it);
    } else {
      e.batch = std::move(p.batch);
    }
    return out;
  }

  void idle(double seconds) override { usleep(useconds_t(std::clamp(seconds, 0.0, 4000.0) * 1e6)); }  // not called: wake() is given
  bool block_when_idle() const override { return true; }
  void* wake() override {
    if (!posted_) MPI_Irecv(&answered_, 1, MPI_UNSIGNED_LONG_LONG, core_, kAnswer, MPI_COMM_WORLD, &answer_);
    posted_ = true;
    return &answer_;
  }

  // The core's process: sleeps each phase it is sent, answers with its job's id, until told to stop.
  static void work_on_core(int rank) {
    for (;;) {
      unsigned long long phase[2];
      MPI_Status status;
      MPI_Recv(phase, 2, MPI_UNSIGNED_LONG_LONG, rank, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      if (status.MPI_TAG == kStop) return;
      double seconds = 0;
      std::memcpy(&seconds, &phase[1], sizeof seconds);
      for (const double until = MPI_Wtime() + seconds; MPI_Wtime() < until;)
        usleep(useconds_t(std::min(until - MPI_Wtime(), 4000.0) * 1e6) + 1);  // usleep's range
      MPI_Send(&phase[0], 1, MPI_UNSIGNED_LONG_LONG, rank, kAnswer, MPI_COMM_WORLD);
    }
  }
  // Tells the core's process the run is over.
  void stop() {
    unsigned long long none[2] = {0, 0};
    MPI_Send(none, 2, MPI_UNSIGNED_LONG_LONG, core_, kStop, MPI_COMM_WORLD);
  }

 private:
  enum : int { kPhase = 1, kAnswer = 2, kStop = 3 };
  struct Pending {
    bool resumed = false;
    std::vector<run::TreeJob> batch;
    std::vector<run::TreeValue> also;
  };
  static std::string payload(std::uint32_t stratum, std::uint64_t count, std::uint64_t seed) {
    std::string out;
    run::put(out, stratum), run::put(out, count), run::put(out, seed);
    return out;
  }
  void compute(std::uint64_t id, double seconds) {
    unsigned long long phase[2] = {id, 0};
    std::memcpy(&phase[1], &seconds, sizeof seconds);
    MPI_Send(phase, 2, MPI_UNSIGNED_LONG_LONG, core_, kPhase, MPI_COMM_WORLD);
  }
  static void count_starts(std::vector<double>& by_level, std::uint32_t level, double n) {
    if (by_level.size() < level) by_level.resize(level);
    by_level[level - 1] += n;
  }

  const solver::ScaleModel& model_;
  ScaleOptions options_;
  StartTally& tally_;
  int core_;
  std::map<std::uint64_t, Pending> pending_;
  MPI_Request answer_ = MPI_REQUEST_NULL;
  bool posted_ = false;
  unsigned long long answered_ = 0;
};

}  // namespace kamisado::scale
