// One scheduler for a tree of jobs across MPI ranks, every level's jobs handed out (issue 68).
//
// THE JOBS. A job proves one start, named by a key (TreeKey). It runs, may pause with a batch of the
// starts its proof rests on, waits for their values, resumes, and ends with its own value (a
// master of the match by rounds: it plans, its plan's jobs are proved, it finds its proof again).
// What a job does is the TreeWork's: a real search on threads, or, under SimGrid's SMPI, a cost
// in simulated seconds and the starts it rests on, drawn from measured distributions. The
// scheduler is the same source in both: the work is what is swapped.
//
// THE RANKS. Rank 0 coordinates and proves nothing: it keeps the queue of jobs no rank has
// taken yet, and hands them, shallowest level first (the largest subtrees first, as in longest
// processing time first), to ranks that ask. Every other rank proves jobs, `slots()` at once,
// and owns a shard of the starts: the start of key k belongs to rank 1 + mix(k) % (ranks - 1).
//
// A START IS LOOKED UP WHERE IT IS KEPT. A running job may ask the values of starts it meets
// (TreeEvent::look_up) and goes on meanwhile; each answer comes back to it (TreeWork::looked_up):
// one message per owner, which answers from its shard, proved or not, and records nothing. So a
// master on any rank can plan with what every shard knows (an earlier run's saved starts, those
// proved since), as one process plans with the whole table.
//
// A START IS PROVED ONCE. Its owner decides who proves it: the first rank to claim it is told
// "yours", a later one waits, and once it is proved every rank that claimed it is sent its value.
// A paused job's batch is claimed in one message per owner. A rank keeps the "yours" jobs its
// free slots can start (the paused job's own slot is free) and queues the rest on rank 0. A job
// done is reported to its owner, with the starts proved inside it (a master's one-round jobs),
// each to its own owner, so that the shards together hold the table and no rank more than its
// share.
//
// WHY A SHARED QUEUE, NOT STEALING. Under the match by rounds, a job handed out is a master or a
// group of them (seconds to hours; one-round jobs, 10 ms, are proved inside their master), some
// 64 a second on 1 000 cores by the Standard match's projection: one coordinator answers that at
// once, where random stealing among 1 000 ranks fails most tries early in the run, when only a
// few ranks hold work. The queue holds jobs not started yet, a hundred bytes each.
//
// MESSAGES (bytes, fixed fields as put/take lay them). A rank to an owner: claim {key}*; back:
// claimed {key, kind (yours, wait, proved), value}*. A rank to an owner: proved {key, value,
// weight}* (weight: the starts it stands for, a simulated group's); the owner to each claimer:
// value {key, value}*. A rank to an owner: look up {key}*; back: looked up {key, value or
// kNotProved}*. A rank to rank 0: queue {job}*, ask {free slots}; back: give {job}*. Rank 0
// to all: stop; then every rank drains its messages until a barrier, and rank 0 gathers the stats.
//
// SAVED AND RESUMED. Each owner saves its shard whole (TreeWork::save, every save_seconds, and
// when it stops), and a run started again gives each owner the starts of its shard an earlier
// run saved (TreeWork::begin), whatever its number of ranks then: rank 0's claims find the
// proved starts known and hand out only the rest. Jobs under way when a rank died are proved
// again; their value is the same, so the run ends as one never stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kamisado::run {

// A start's name: 128 bits (a round start's class key, RoundStartKey), so that the 1.4e11 starts of
// the Standard match do not share one by chance, as 64-bit keys would.
struct TreeKey {
  std::uint64_t hi = 0, lo = 0;
  auto operator<=>(const TreeKey&) const = default;
};

struct TreeJob {
  TreeKey key;
  std::uint32_t level = 1;  // the root's is 1
  std::string payload;      // the work's own bytes (a KFEN; a simulated job's draw)
};

// A proved start, as a shard holds it.
struct TreeValue {
  TreeKey key;
  std::uint8_t value = 0;
  std::uint64_t weight = 1;  // the starts it stands for
};

// A looked-up start that no shard holds proved (TreeEvent::look_up).
constexpr std::uint8_t kNotProved = 2;

// What a running job did: paused with a batch, asked the values of some starts, or done.
struct TreeEvent {
  std::uint64_t id = 0;  // as given to TreeWork::start
  bool done = false;
  std::uint8_t value = 0;                 // done: the job's value
  std::vector<TreeValue> also;            // done: starts proved inside the job, for their owners' shards
  std::uint64_t searches = 0, nodes = 0;  // done: what the job cost (a real job's searches), for the stats
  std::vector<TreeJob> batch;             // paused: the starts it waits for
  std::vector<TreeKey> look_up;           // running, going on: the starts whose values it asks (A START IS LOOKED UP)
};

class TreeWork {
 public:
  virtual ~TreeWork() = default;
  virtual unsigned slots() const = 0;  // jobs computing at once on this rank
  virtual void start(std::uint64_t id, const TreeJob& job) = 0;
  // The values of the job's last batch, in the batch's order.
  virtual void resume(std::uint64_t id, const std::vector<std::uint8_t>& values) = 0;
  virtual std::vector<TreeEvent> events() = 0;  // since the last call
  // The answer to a start a job looked up (kNotProved: no shard holds it proved), perhaps after
  // the job ended.
  virtual void looked_up(std::uint64_t /*id*/, const TreeKey& /*key*/, std::uint8_t /*value*/) {}
  // Waits up to `seconds`, or less if an event comes.
  virtual void idle(double seconds) = 0;
  // With no job running, whether to block on the next message instead of idling: a simulation's
  // rank then wakes when the message comes. A real rank naps: Open MPI's blocking receive spins.
  virtual bool block_when_idle() const = 0;
  // A simulation whose jobs' ends are messages (from a process standing for the rank's worker
  // threads) gives the receive of the next one, an MPI_Request*: a rank with nothing to do then
  // blocks on its own receive and this one, even with jobs running, and the work reads what came
  // in events(). nullptr: none (a real run).
  virtual void* wake() { return nullptr; }
  // Called once on every rank before it reads a message: for a rank that owns a shard, the starts
  // of its shard that an earlier run saved (rank 0 owns none, and may take what it needs: a lock).
  // A throw fails the run, named by rank 0.
  virtual std::vector<TreeValue> begin(int /*rank*/, int /*ranks*/) { return {}; }
  // Saves this rank's shard whole: every save_seconds() (0: never) and when the rank stops.
  virtual void save(const std::vector<TreeValue>& /*shard*/) {}
  virtual double save_seconds() const { return 0; }
};

struct TreeRankStats {
  std::vector<std::uint64_t> jobs;                         // [level - 1]: jobs this rank proved
  double busy_seconds = 0;                                 // slots' seconds computing
  std::uint64_t messages = 0, bytes = 0;                   // sent
  std::uint64_t shard_starts = 0;                          // starts its shard holds, by weight
  std::uint64_t claims = 0, found_proved = 0, waited = 0;  // starts its jobs claimed; proved already; proved by another meanwhile
  std::uint64_t suspended_peak = 0;                        // jobs paused at once
  std::uint64_t restored = 0, restored_used = 0;           // starts its shard was given back (TreeWork::begin); of them, claimed or looked up
  std::uint64_t looked_up = 0, looked_up_proved = 0;       // starts its jobs asked the value of (TreeEvent::look_up); found proved
  std::uint64_t searches = 0, nodes = 0;                   // its jobs' (TreeEvent)
  std::string failure;                                     // what failed on this rank after the run's end (its last save)
};

struct TreeRunResult {
  std::optional<std::uint8_t> value;                      // nullopt: stopped first
  double seconds = 0;                                     // the run's, on rank 0's clock
  std::vector<TreeRankStats> ranks;                       // [rank]; rank 0 coordinates
  std::uint64_t queue_peak = 0;                           // jobs waiting at rank 0 at once
  std::vector<std::pair<std::uint32_t, TreeKey>> proved;  // (level, key) of every job, sorted
};

// What rank 0 knows of a run under way, for its progress line.
struct TreeProgress {
  double seconds = 0;            // the run's clock
  std::uint64_t handed_out = 0;  // jobs given to ranks
  std::uint64_t queued = 0;      // jobs waiting for a rank
};

// Called by every rank of MPI_COMM_WORLD (initialised here when it is not yet). Rank 0 returns the
// result once the root is proved and every rank has stopped; the others return nullopt. Fewer than
// 2 ranks is an InputError. `quantum`: the longest a rank with jobs running goes without looking
// at its messages. `user_stop`: Ctrl-C, on rank 0 ends the run unproved.
// `progress`, if given, is called on rank 0 every `progress_seconds` of the run's clock at most.
// `communicator`: the ranks of the tree, an MPI_Comm* (nullptr: MPI_COMM_WORLD), every one of which
// calls this function; a simulation's other processes stand for the ranks' worker threads.
std::optional<TreeRunResult> run_job_tree(const TreeJob& root, TreeWork& work, double quantum, const std::atomic<bool>* user_stop = nullptr,
                                          const std::function<void(const TreeProgress&)>& progress = {}, double progress_seconds = 1,
                                          const void* communicator = nullptr);

// The owner of a start among `ranks` (rank 0 owns none).
int owner_of(const TreeKey& key, int ranks);

}  // namespace kamisado::run
