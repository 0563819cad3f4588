// The job tree scheduler (src/run/job_tree.h) run again on a real match's tree of jobs (issue 68):
// the record a run of `solve --by-rounds --mpi --every-level --record-jobs FILE` wrote
// (src/run/job_record.h), each job following its record as a script (synthetic_tree.h). Built
// against Open MPI and against SimGrid's SMPI, the same source as the real run's scheduler. Rank 0
// prints the value, then every job proved, "level key" a line (the record's own form), sorted; it
// fails (exit 1) if the value is not the record's, or a batch came back with values other than
// the record's.
// Usage: job_tree_replay RECORD UNIT_SECONDS QUANTUM_SECONDS SIMULATED(0|1)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>

#include "src/run/job_record.h"
#include "tests/synthetic_tree.h"

namespace {

using kamisado::run::RecordedJob;
using kamisado::run::TreeKey;

struct Record {
  std::map<TreeKey, RecordedJob> jobs;
  std::map<TreeKey, std::uint8_t> values;  // of every start the run proved, as a job or inside one
  std::optional<RecordedJob> root;
};

Record read_record(const std::string& prefix) {
  Record r;
  for (int rank = 1;; ++rank) {
    std::ifstream in(kamisado::run::job_record_file(prefix, rank));
    if (!in) break;
    for (std::string line; std::getline(in, line);) {
      RecordedJob job = kamisado::run::parse_job_record_line(line);
      r.values[job.key] = job.value;
      for (const kamisado::run::TreeValue& a : job.also) r.values[a.key] = a.value;
      if (job.level == 1) r.root = job;
      r.jobs[job.key] = std::move(job);
    }
  }
  if (!r.root) throw std::runtime_error("no job of level 1 in the record " + prefix + ".rank-*");
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  if (argc != 5) {
    std::fprintf(stderr, "usage: job_tree_replay RECORD UNIT QUANTUM SIMULATED\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  Record record;
  try {
    record = read_record(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "job_tree_replay: %s\n", e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  bool disagreed = false;
  const auto value_of = [&](const TreeKey& key) {
    const auto it = record.values.find(key);
    if (it == record.values.end()) throw std::runtime_error("a start the record never proved: " + kamisado::run::job_record_key(key));
    return it->second;
  };
  kamisado::test::ScriptedWork work(
      [&](const kamisado::run::TreeJob& job) {
        kamisado::test::Script s;
        if (const auto it = record.jobs.find(job.key); it != record.jobs.end()) s.batches = it->second.batches, s.also = it->second.also;
        return s;  // a start the run proved inside a job and this schedule hands out: proved at once
      },
      [&](const TreeKey& key, const std::vector<std::vector<std::uint8_t>>& values) {
        const auto it = record.jobs.find(key);
        for (std::size_t b = 0; it != record.jobs.end() && b < values.size(); ++b)
          for (std::size_t i = 0; i < values[b].size(); ++i) disagreed = disagreed || values[b][i] != value_of(it->second.batches[b][i].key);
        return value_of(key);
      },
      std::atof(argv[2]));
  work.simulated_ = std::atoi(argv[4]) != 0;
  const kamisado::run::TreeJob root{record.root->key, 1, {}};
  const auto result = kamisado::run::run_job_tree(root, work, std::atof(argv[3]));
  int failed = 0;
  if (result) {
    std::printf("value %d (recorded: %d), %zu jobs proved (recorded: %zu)%s\n", int(*result->value), int(record.root->value), result->proved.size(),
                record.jobs.size(), disagreed ? ", a batch's values unlike the record's" : "");
    failed = *result->value != record.root->value || disagreed;
    for (const auto& [level, key] : result->proved) std::printf("%u %s\n", level, kamisado::run::job_record_key(key).c_str());
  }
  MPI_Finalize();
  return failed;
}
