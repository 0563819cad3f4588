// The match by rounds at scale, simulated (issue 68): the job tree scheduler (src/run/job_tree.h,
// the real run's source) on ranks SimGrid's SMPI simulates, each job's proof swapped for its cost
// (scale_work.h). Run by smpirun, as scripts/match-scale.sh does; rank 0 prints the run as JSON.
// The simulated ranks are one process (SMPI, privatization off): the model is read once for all.
// Run on 2N processes: the first N are the run's ranks, process N + r is rank r's core.
// Usage: match_scale_sim JOURNAL SEED GROUP3 GROUP_DEEPER
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "app/match_scale/scale_work.h"

namespace {

// A real rank's nap between looks at its messages while its threads prove (job_tree.h). Unused
// here: a simulated rank blocks until a message or its core's answer comes (ScaleWork::wake).
constexpr double kQuantum = 0.002;

nlohmann::json describe(const kamisado::run::TreeRunResult& r, const kamisado::scale::StartTally& tally, double wall) {
  const std::size_t ranks = r.ranks.size();
  double busy = 0, busy_min = 1e300;
  std::uint64_t shard_total = 0, shard_max = 0, messages_max = 0, bytes_max = 0, messages = 0, bytes = 0, suspended = 0;
  std::vector<std::uint64_t> jobs;
  for (std::size_t i = 0; i < ranks; ++i) {
    const kamisado::run::TreeRankStats& s = r.ranks[i];
    busy += s.busy_seconds;
    if (i > 0) busy_min = std::min(busy_min, s.busy_seconds);
    shard_total += s.shard_starts, shard_max = std::max(shard_max, s.shard_starts);
    messages += s.messages, bytes += s.bytes;
    messages_max = std::max(messages_max, s.messages), bytes_max = std::max(bytes_max, s.bytes);
    suspended = std::max(suspended, s.suspended_peak);
    if (jobs.size() < s.jobs.size()) jobs.resize(s.jobs.size());
    for (std::size_t l = 0; l < s.jobs.size(); ++l) jobs[l] += s.jobs[l];
  }
  const double ideal = busy / double(ranks);
  nlohmann::json starts = nlohmann::json::array();
  for (std::size_t l = 0; l < std::max(tally.handed_out.size(), tally.inside.size()); ++l)
    starts.push_back({{"level", l + 1},
                      {"handed_out", l < tally.handed_out.size() ? tally.handed_out[l] : 0.0},
                      {"inside", l < tally.inside.size() ? tally.inside[l] : 0.0}});
  return {{"ranks", ranks},
          {"makespan_s", r.seconds},
          {"ideal_s", ideal},
          {"efficiency", ideal / r.seconds},
          {"largest_shard_share", double(shard_max) / (double(shard_total) / double(ranks))},
          {"work_core_hours", busy / 3600},
          {"busy_fraction_mean", busy / double(ranks - 1) / r.seconds},
          {"busy_fraction_min", busy_min / r.seconds},
          {"messages_per_rank_mean", double(messages) / double(ranks)},
          {"messages_per_rank_max", messages_max},
          {"bytes_per_rank_mean", double(bytes) / double(ranks)},
          {"bytes_per_rank_max", bytes_max},
          {"table_starts", shard_total},
          {"largest_shard_starts", shard_max},
          {"queue_peak", r.queue_peak},
          {"paused_peak", suspended},
          {"jobs_by_level", jobs},
          {"starts_by_level", starts},
          {"simulation_wall_seconds", wall}};
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, processes = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &processes);
  const int ranks = processes / 2;
  if (argc != 5) {
    if (rank == 0) std::fprintf(stderr, "usage: match_scale_sim JOURNAL SEED GROUP3 GROUP_DEEPER (on 2N processes)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const auto began = std::chrono::steady_clock::now();
  static kamisado::solver::ScaleModel model;
  static kamisado::scale::StartTally tally;
  if (rank == 0) {
    try {
      model = kamisado::solver::scale_model(argv[1]);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "match_scale_sim: %s\n", e.what());
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);  // the model read, for every rank
  MPI_Comm tree;
  MPI_Comm_split(MPI_COMM_WORLD, rank < ranks ? 0 : 1, rank, &tree);
  if (rank >= ranks) {
    kamisado::scale::ScaleWork::work_on_core(rank - ranks);
    MPI_Finalize();
    return 0;
  }
  kamisado::scale::ScaleOptions options;
  options.group3 = std::strtoull(argv[3], nullptr, 10), options.group_deeper = std::strtoull(argv[4], nullptr, 10);
  kamisado::scale::ScaleWork work(model, options, tally, rank + ranks);
  const auto result = kamisado::run::run_job_tree(
      kamisado::scale::ScaleWork::root(model, std::strtoull(argv[2], nullptr, 10)), work, kQuantum, nullptr,
      [&](const kamisado::run::TreeProgress& p) {
        std::fprintf(stderr, "simulated %.3g s: %llu jobs handed out, %llu queued, %.0f s wall\n", p.seconds,
                     static_cast<unsigned long long>(p.handed_out), static_cast<unsigned long long>(p.queued),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
      },
      1e6, &tree);
  work.stop();
  if (result) {
    nlohmann::json out = describe(*result, tally, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
    out["journal"] = model.journal, out["plans_measured"] = model.plans, out["journal_build"] = model.build;
    out["group3"] = options.group3, out["group_deeper"] = options.group_deeper;
    std::printf("%s\n", out.dump(1).c_str());
  }
  MPI_Finalize();
  return 0;
}
