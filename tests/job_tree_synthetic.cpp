// The job tree scheduler (src/run/job_tree.h) on the synthetic tree (synthetic_tree.h): built
// against Open MPI and run with mpirun, and built against SimGrid's SMPI and run with smpirun, the
// same source. Rank 0 prints the root's value and every job proved, "level key" a line, sorted,
// and fails (exit 1) if the value is not the one-process value or a start was proved twice.
// Each job looks up its batch before it pauses with it, and a rank fails if a start is looked up
// with a value other than its own; the look-ups change no job.
// Usage: job_tree_synthetic DEPTH UNIT_SECONDS QUANTUM_SECONDS SIMULATED(0|1)
#include <cstdio>
#include <cstdlib>
#include <map>

#include "tests/synthetic_tree.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  if (argc != 5) {
    std::fprintf(stderr, "usage: job_tree_synthetic DEPTH UNIT QUANTUM SIMULATED\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const auto depth = std::uint32_t(std::atoi(argv[1]));
  kamisado::test::ScriptedWork work = kamisado::test::synthetic_work(depth, std::atof(argv[2]));
  work.simulated_ = std::atoi(argv[4]) != 0;
  std::map<std::uint64_t, std::uint8_t> values;
  work.truth = [&](const kamisado::run::TreeKey& key) { return kamisado::test::tree_value(key.lo, depth, values); };
  const kamisado::run::TreeJob root{{0, kamisado::test::tree_key(1, 0)}, 1, {}};
  const auto result = kamisado::run::run_job_tree(root, work, std::atof(argv[3]));
  int failed = 0;
  if (result) {
    std::map<std::uint64_t, std::uint8_t> memo;
    const std::uint8_t expected = kamisado::test::tree_value(root.key.lo, depth, memo);
    std::printf("value %d (one process: %d), %zu starts in the tree, %zu jobs proved\n", int(*result->value), int(expected), memo.size(),
                result->proved.size());
    failed = *result->value != expected || result->proved.size() != memo.size();
    for (std::size_t i = 0; i < result->proved.size(); ++i) {
      std::printf("%u %llx\n", result->proved[i].first, static_cast<unsigned long long>(result->proved[i].second.lo));
      if (i > 0 && result->proved[i].second == result->proved[i - 1].second) failed = 1;
    }
    for (std::size_t r = 1; r < result->ranks.size(); ++r) {
      std::uint64_t jobs = 0;
      for (std::uint64_t n : result->ranks[r].jobs) jobs += n;
      std::fprintf(stderr, "rank %zu: %llu jobs, %llu messages, %llu starts looked up (%llu proved)\n", r, static_cast<unsigned long long>(jobs),
                   static_cast<unsigned long long>(result->ranks[r].messages), static_cast<unsigned long long>(result->ranks[r].looked_up),
                   static_cast<unsigned long long>(result->ranks[r].looked_up_proved));
    }
  }
  MPI_Finalize();
  return failed;
}
