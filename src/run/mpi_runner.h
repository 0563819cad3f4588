// The one MPI runner of the long runs (the census, the match by rounds): rank 0 runs the run and
// keeps its state; every other rank proves one of its jobs at a time. Open MPI, `mpirun -np N
// kamisado ... --mpi`, or srun under Slurm. mpi.h stays inside mpi_runner.cpp.
//
// A job and its answer are bytes, encoded by the run that sends them; the runner adds only an id
// (so a halt reaches the job it concerns). Rank 0's run sends a job from any of its threads and
// waits for the answer; its main thread is the only one that calls MPI (MPI_THREAD_FUNNELED),
// handing jobs to idle ranks, passing halts on and answers back. A rank proves its job on a
// thread of its own while its main thread listens for a halt. Both sides poll for messages with
// a short sleep instead of a blocking receive, which in Open MPI spins and would take a core from
// the provers.
//
// Messages. Rank 0 to a rank: job {id, the job's bytes}; halt {id}: stop that job soon and answer
// with what it proved; stop: the run is over. A rank to rank 0: done {the answer's bytes}; failed
// {the error's one line}, after which it only waits for stop.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstring>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace kamisado::run {

// Fixed-width fields of a job or an answer, copied as they lie in memory: the ranks of one job run
// one build. take reads the field at `at` and moves past it; bytes cut short are a runtime_error.
template <class T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T>
T take(const std::string& in, std::size_t& at) {
  if (at + sizeof(T) > in.size()) throw std::runtime_error("a message between ranks is cut short");
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

// Rank 0's other ranks, as its run sees them.
class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual unsigned count() const = 0;  // jobs at once: every rank but 0
  // Sends `job` to the next idle rank and returns its answer; a `halt` raised meanwhile is passed
  // on to the rank, which answers soon after. nullopt: the job was never done (the run halted
  // before a rank was free for it, or the rank failed: the run's stop is raised then).
  virtual std::optional<std::string> run(const std::string& job, const std::atomic<bool>& halt) = 0;
};

// Rank 0's run, on a thread of its own: `stop` is raised by a Ctrl-C on rank 0 or by any rank's
// failure, and the run should end soon after.
using RankZero = std::function<void(Ranks& ranks, const std::atomic<bool>& stop)>;
// What another rank does with a job: its answer, soon after `halt` is raised (by rank 0, or by
// this rank's own Ctrl-C). An exception is this rank's failure, which ends the run.
using JobHandler = std::function<std::string(const std::string& job, const std::atomic<bool>& halt)>;

// Called by every rank of MPI_COMM_WORLD, each with its own handler. Rank 0 runs `rank_zero` and
// returns true once it has returned and every rank has been told to stop; it rethrows the run's
// exception, and a rank's failure as an InputError naming the rank. The other ranks handle jobs
// until then and return false. Fewer than 2 ranks is an InputError: "`command` --mpi needs 2
// ranks or more". `user_stop`: this process's Ctrl-C.
bool run_on_ranks(const std::string& command, const RankZero& rank_zero, const JobHandler& handle, const std::atomic<bool>* user_stop);

}  // namespace kamisado::run
