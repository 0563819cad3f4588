#include "src/run/mpi_runner.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <mpi.h>

#include "src/kamisado/errors.h"

namespace kamisado::run {

namespace {

enum Tag : int { kJob = 1, kHalt = 2, kStop = 3, kDone = 4, kFailed = 5 };

void send(const std::string& bytes, int to, Tag tag) { MPI_Send(bytes.data(), int(bytes.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD); }

// The message waiting from `from` (or any rank), received whole; false if none is waiting.
bool receive(int from, int& source, int& tag, std::string& bytes) {
  int waiting = 0;
  MPI_Status status;
  MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status);
  if (!waiting) return false;
  int length = 0;
  MPI_Get_count(&status, MPI_CHAR, &length);
  bytes.assign(std::size_t(length), '\0');
  MPI_Recv(bytes.data(), length, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  source = status.MPI_SOURCE, tag = status.MPI_TAG;
  return true;
}

void nap() { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

// A job's id, the first field of a job or a halt.
std::string id_bytes(std::uint64_t id) {
  std::string out;
  put(out, id);
  return out;
}
std::uint64_t id_of(const std::string& bytes) {
  std::size_t at = 0;
  return take<std::uint64_t>(bytes, at);
}

template <class T>
bool ready(const std::future<T>& f) {
  return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

// Rank 0's other ranks: the run's threads wait in run(), the main thread serves them.
class RankHands final : public Ranks {
 public:
  explicit RankHands(int ranks) : ranks_(ranks) {
    for (int r = 1; r < ranks; ++r) idle_.push_back(r);
  }
  unsigned count() const override { return unsigned(ranks_ - 1); }

  std::optional<std::string> run(const std::string& job, const std::atomic<bool>& halt) override {
    Request request;
    request.job = &job, request.halt = &halt;
    std::unique_lock lock(mutex_);
    waiting_.push_back(&request);
    done_.wait(lock, [&] { return request.done; });
    return std::move(request.answer);
  }

  // The main thread: until `over()`, gives waiting jobs to idle ranks, passes a halt on to the
  // rank of each job it concerns, and hands answers back. A rank's failure raises `stop` and is
  // kept in failure(). Then tells every rank to stop.
  void serve(const std::function<bool()>& over, std::atomic<bool>& stop, const std::atomic<bool>* user_stop) {
    std::string bytes;
    int source = 0, tag = 0;
    while (!over()) {
      if (user_stop && user_stop->load()) stop = true;
      hand_out();
      if (!receive(MPI_ANY_SOURCE, source, tag, bytes)) {
        nap();
        continue;
      }
      std::lock_guard lock(mutex_);
      const auto busy = busy_.find(source);
      if (busy == busy_.end()) continue;
      Request* r = busy->second;
      busy_.erase(busy);
      if (tag == kDone) {
        r->answer = std::move(bytes);
        idle_.push_back(source);
      } else {
        if (failure_.empty()) failure_ = fmt::format("rank {}: {}", source, bytes);
        stop = true;
      }
      r->done = true;
      done_.notify_all();
    }
    for (int r = 1; r < ranks_; ++r) send({}, r, kStop);
  }
  const std::string& failure() const { return failure_; }

 private:
  struct Request {
    const std::string* job = nullptr;
    const std::atomic<bool>* halt = nullptr;
    std::uint64_t id = 0;
    bool halt_sent = false, done = false;
    std::optional<std::string> answer;  // nullopt: never done
  };

  void hand_out() {
    std::lock_guard lock(mutex_);
    // A job not yet sent when its run halts (or when a rank has failed) is never done.
    for (Request* r : waiting_)
      if (r->halt->load() || !failure_.empty()) r->done = true;
    if (std::erase_if(waiting_, [](const Request* r) { return r->done; })) done_.notify_all();
    while (!waiting_.empty() && !idle_.empty()) {
      Request* r = waiting_.front();
      waiting_.pop_front();
      r->id = ++last_id_;
      send(id_bytes(r->id) + *r->job, idle_.back(), kJob);
      busy_[idle_.back()] = r;
      idle_.pop_back();
    }
    for (auto& [rank, r] : busy_)
      if (!r->halt_sent && r->halt->load()) {
        send(id_bytes(r->id), rank, kHalt);
        r->halt_sent = true;
      }
  }

  const int ranks_;
  std::mutex mutex_;
  std::condition_variable done_;
  std::deque<Request*> waiting_;
  std::vector<int> idle_;
  std::map<int, Request*> busy_;
  std::uint64_t last_id_ = 0;
  std::string failure_;
};

// A rank other than 0: handles the jobs rank 0 sends, one at a time on a thread of its own while
// this thread listens for a halt, until rank 0 says stop. After a failure it only waits for that.
void serve_rank_zero(const JobHandler& handle, const std::atomic<bool>* user_stop) {
  std::string bytes, message;
  int source = 0, tag = 0;
  bool stopped = false;
  const auto fail = [&](const char* what) {
    send(what, 0, kFailed);
    while (!(receive(0, source, tag, message) && tag == kStop)) nap();
  };
  while (!stopped) {
    if (!receive(0, source, tag, bytes)) {
      nap();
      continue;
    }
    if (tag == kStop) return;
    if (tag != kJob) continue;  // a halt that came after its job was done
    std::uint64_t id = 0;
    try {
      id = id_of(bytes);
    } catch (const std::exception& e) {
      return fail(e.what());
    }
    std::atomic<bool> halt{false};
    std::future<std::string> answer = std::async(std::launch::async, [&] { return handle(bytes.substr(sizeof id), halt); });
    while (!ready(answer)) {
      if (user_stop && user_stop->load()) halt = true;
      if (!receive(0, source, tag, message)) {
        nap();
      } else if ((tag == kHalt && message.size() >= sizeof id && id_of(message) == id) || tag == kStop) {
        halt = true;
        stopped = stopped || tag == kStop;
      }
    }
    try {
      std::string done = answer.get();
      if (!stopped) send(done, 0, kDone);
    } catch (const std::exception& e) {
      if (!stopped) fail(e.what());
      return;
    }
  }
}

}  // namespace

bool run_on_ranks(const std::string& command, const RankZero& rank_zero, const JobHandler& handle, const std::atomic<bool>* user_stop) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);  // only the main thread calls MPI
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks < 2) {
    MPI_Finalize();
    throw InputError(command + " across MPI ranks needs 2 ranks or more (mpirun -np N, N >= 2); on one process it runs on threads", "mpi");
  }
  if (rank != 0) {
    serve_rank_zero(handle, user_stop);
    MPI_Finalize();
    return false;
  }
  RankHands hands(ranks);
  std::atomic<bool> stop{false};
  std::future<void> run = std::async(std::launch::async, [&] { rank_zero(hands, stop); });
  hands.serve([&] { return ready(run); }, stop, user_stop);
  MPI_Finalize();
  if (!hands.failure().empty()) {
    try {
      run.get();
    } catch (...) {  // the run's own error follows from the rank's, which is said instead
    }
    throw InputError(hands.failure());
  }
  run.get();
  return true;
}

}  // namespace kamisado::run
