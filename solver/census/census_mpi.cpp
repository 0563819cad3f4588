#include "solver/census/census_mpi.h"

#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <mpi.h>

#include "kamisado/errors.h"

namespace kamisado::solver {

namespace {

// Messages: a rank asks for work with {the slice it finished or kNone, its starts, its nodes},
// or reports a failure with its text; rank 0 answers with a slice, or tells it to stop.
enum Tag : int { kAsk = 1, kFailed = 2, kSlice = 3, kStop = 4 };
constexpr std::uint64_t kNone = ~std::uint64_t{0};

struct Report {
  std::uint64_t slice = kNone, starts = 0, nodes = 0;
};

void worker(const Census& c, const CensusRunOptions& o) {
  Report done;
  for (;;) {
    MPI_Send(&done, 3, MPI_UINT64_T, 0, kAsk, MPI_COMM_WORLD);
    std::uint64_t k = 0;
    MPI_Status status;
    MPI_Recv(&k, 1, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == kStop) return;
    done = {};
    try {
      if (auto d = prove_and_write_shard(c, std::uint32_t(k), o.stop)) done = {k, d->starts, d->nodes};
    } catch (const std::exception& e) {
      const std::string what = e.what();
      MPI_Send(what.data(), int(what.size()), MPI_CHAR, 0, kFailed, MPI_COMM_WORLD);
      MPI_Recv(&k, 1, MPI_UINT64_T, 0, kStop, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return;
    }
  }
}

// Rank 0 takes the run's lock for all the ranks (census.h, lock_census_run) and tells them
// whether it has it. Refused: rank 0 throws the refusal, the others return nullopt; both after
// MPI_Finalize, so that no rank is left waiting.
std::optional<std::optional<io::RunLock>> lock_for_all_ranks(const Census& c, int rank) {
  std::optional<io::RunLock> lock;
  std::string refused;
  if (rank == 0) {
    try {
      lock.emplace(lock_census_run(c));
    } catch (const InputError& e) {
      refused = e.what();
    }
  }
  int locked = refused.empty();
  MPI_Bcast(&locked, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (locked) return lock;
  MPI_Finalize();
  if (rank == 0) throw InputError(refused);
  return std::nullopt;
}

// Rank 0: hands the missing slices out one at a time to whichever rank asks, and proves some
// itself on a thread of its own, until all are done, a rank fails (`failure` says how) or a stop
// is asked for. Every other rank has been told to stop when it returns.
CensusRunStats hand_out_slices(const Census& c, const CensusRunOptions& o, int size, const io::Lines& lines, std::string& failure) {
  CensusRunStats s;
  s.workers = size;
  s.runner = "mpi";
  io::Progress progress(lines);
  const std::vector<std::uint32_t> todo = begin_census_run(c, s, progress);
  std::mutex mutex;  // guards the queue, the counts and the first failure
  std::size_t next = 0;
  auto take = [&]() -> std::optional<std::uint32_t> {
    std::lock_guard lock(mutex);
    if (!failure.empty() || next == todo.size() || (o.stop && o.stop->load())) return std::nullopt;
    return todo[next++];
  };
  auto t0 = std::chrono::steady_clock::now();
  // Rank 0's own prover: no MPI calls (MPI_THREAD_FUNNELED).
  std::thread own([&] {
    try {
      while (auto k = take()) {
        auto done = prove_and_write_shard(c, *k, o.stop);
        if (!done) return;
        std::lock_guard lock(mutex);
        s.add(*done);
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex);
      if (failure.empty()) failure = fmt::format("rank 0: {}", e.what());
    }
  });
  for (int active = size - 1; active > 0;) {
    int waiting = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status);
    if (!waiting) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      std::lock_guard lock(mutex);
      progress.tick([&] {
        const double rate = double(s.starts_proved) / std::max(1e-9, io::seconds_since(t0));
        return fmt::format("census: {} {} of {} shards, {:.1f} starts/s on {} ranks", io::progress_bar(double(s.already_done + s.proved) / c.shards),
                           s.already_done + s.proved, c.shards, rate, size);
      });
      continue;
    }
    const int from = status.MPI_SOURCE;
    if (status.MPI_TAG == kFailed) {
      int length = 0;
      MPI_Get_count(&status, MPI_CHAR, &length);
      std::string text(std::size_t(length), ' ');
      MPI_Recv(text.data(), length, MPI_CHAR, from, kFailed, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      std::lock_guard lock(mutex);
      if (failure.empty()) failure = fmt::format("rank {}: {}", from, text);
    } else {
      Report done;
      MPI_Recv(&done, 3, MPI_UINT64_T, from, kAsk, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (done.slice != kNone) {
        std::lock_guard lock(mutex);
        s.add({done.starts, done.nodes});
      }
      if (auto k = take()) {
        std::uint64_t slice = *k;
        MPI_Send(&slice, 1, MPI_UINT64_T, from, kSlice, MPI_COMM_WORLD);
        continue;
      }
    }
    std::uint64_t none = kNone;
    MPI_Send(&none, 1, MPI_UINT64_T, from, kStop, MPI_COMM_WORLD);
    --active;
  }
  own.join();
  s.seconds = io::seconds_since(t0);
  return s;
}

}  // namespace

CensusRunStats run_census_mpi(const std::string& dir, const CensusRunOptions& o, const io::Lines& lines) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);  // only the main thread calls MPI
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    MPI_Finalize();
    throw InputError("census run --mpi needs 2 ranks or more (mpirun -np N, N >= 2); on one process use --threads");
  }
  // Every rank reads the manifest; all must see the same run (one shared folder).
  const Census c = open_census(dir, rank == 0 ? lines : io::Lines{});
  const auto lock = lock_for_all_ranks(c, rank);
  CensusRunStats s;
  s.workers = 0;  // a rank other than 0 reports nothing
  if (!lock) return s;
  std::uint64_t run = c.run;
  MPI_Bcast(&run, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (run != c.run) throw InputError(fmt::format("rank {}: {} holds another census run than rank 0's", rank, dir));
  if (rank != 0) {
    worker(c, o);
    MPI_Finalize();
    return s;
  }
  std::string failure;
  s = hand_out_slices(c, o, size, lines, failure);
  MPI_Finalize();
  if (!failure.empty()) throw InputError(failure);
  end_census_run(c, s);
  return s;
}

}  // namespace kamisado::solver
