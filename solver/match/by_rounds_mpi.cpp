#include "solver/match/by_rounds_mpi.h"

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <mpi.h>

#include "kamisado/errors.h"
#include "kamisado/kfen.h"

namespace kamisado::solver {

namespace {

// Messages, all of bytes. Rank 0 to a far rank: kJob {id, depth, node budget, KFEN}; kHalt {id}:
// stop that job soon and send what it proved; kStop: the run is over. A far rank to rank 0:
// kDone {the job's FarJob}; kFailed {the error's text}, after which it waits for kStop.
enum Tag : int { kJob = 1, kHalt = 2, kStop = 3, kDone = 4, kFailed = 5 };

// Fixed-width fields copied as they lie in memory: the ranks of one job run one build.
template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T>
T take(const std::string& in, std::size_t& at) {
  if (at + sizeof(T) > in.size()) throw std::runtime_error("by rounds: a message between ranks is cut short");
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

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

std::string encode(const FarJob& far) {
  std::string out;
  put<std::int8_t>(out, far.winner ? std::int8_t(index(*far.winner)) : std::int8_t(-1));
  put<std::uint8_t>(out, far.over_budget);
  put(out, far.masters);
  put(out, far.nodes);
  put<std::uint32_t>(out, std::uint32_t(far.rounds.size()));
  for (const RoundCount& c : far.rounds) put(out, c);
  const std::string unchecked = encode_round_starts(far.unchecked);
  put<std::uint64_t>(out, unchecked.size());
  return out + unchecked + encode_round_starts(far.proved);  // checksummed (round_start_table.h)
}

FarJob decode(const std::string& in, int rank) {
  FarJob far;
  std::size_t at = 0;
  const auto winner = take<std::int8_t>(in, at);
  if (winner >= 0) far.winner = winner == 0 ? Side::Black : Side::Gold;
  far.over_budget = take<std::uint8_t>(in, at) != 0;
  far.masters = take<std::uint64_t>(in, at);
  far.nodes = take<std::uint64_t>(in, at);
  far.rounds.resize(take<std::uint32_t>(in, at));
  for (RoundCount& c : far.rounds) c = take<RoundCount>(in, at);
  const auto unchecked = take<std::uint64_t>(in, at);
  if (unchecked > in.size() - at) throw InputError(fmt::format("the starts sent by rank {} are cut short", rank));
  far.unchecked = decode_round_starts(in.substr(at, std::size_t(unchecked)), fmt::format("the starts sent by rank {}", rank));
  far.proved = decode_round_starts(in.substr(at + std::size_t(unchecked)), fmt::format("the starts sent by rank {}", rank));
  return far;
}

// Rank 0's far hands: a run's thread asks (prove), the main thread sends the job to an idle
// rank and hands the answer back (serve).
class RankHands final : public FarHands {
 public:
  explicit RankHands(int ranks) : ranks_(ranks) {
    for (int r = 1; r < ranks; ++r) idle_.push_back(r);
  }
  unsigned count() const override { return unsigned(ranks_ - 1); }

  FarJob prove(const Position& start, unsigned depth, std::uint64_t node_budget, const std::atomic<bool>& halt) override {
    Request request;
    request.kfen = to_kfen(start), request.depth = depth, request.node_budget = node_budget, request.halt = &halt;
    std::unique_lock lock(mutex_);
    waiting_.push_back(&request);
    done_.wait(lock, [&] { return request.done; });
    return std::move(request.answer);
  }

  // The main thread: until `over`, gives waiting jobs to idle ranks, passes a halt on to the
  // rank of each job it concerns, and hands answers back. A rank's failure halts the run through
  // `stop` and is kept in failure().
  void serve(const std::atomic<bool>& over, std::atomic<bool>& stop, const std::atomic<bool>* user_stop) {
    std::string bytes;
    int source = 0, tag = 0;
    while (!over) {
      if (user_stop && user_stop->load()) stop = true;
      {
        std::lock_guard lock(mutex_);
        // A job not yet sent when its run halts (or no rank is left to take it) is a stopped one.
        for (Request* r : waiting_)
          if (r->halt->load() || !failure_.empty()) r->done = true;
        if (std::erase_if(waiting_, [](const Request* r) { return r->done; })) done_.notify_all();
        while (!waiting_.empty() && !idle_.empty()) {
          Request* r = waiting_.front();
          waiting_.pop_front();
          r->id = ++last_id_;
          std::string job;
          put(job, r->id), put<std::uint32_t>(job, r->depth), put(job, r->node_budget);
          send(job + r->kfen, idle_.back(), kJob);
          busy_[idle_.back()] = r;
          idle_.pop_back();
        }
        for (auto& [rank, r] : busy_)
          if (!r->halt_sent && r->halt->load()) {
            std::string halt;
            put(halt, r->id);
            send(halt, rank, kHalt);
            r->halt_sent = true;
          }
      }
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
        try {
          r->answer = decode(bytes, source);
          idle_.push_back(source);
        } catch (const std::exception& e) {
          fail(fmt::format("rank {}: {}", source, e.what()), stop);
        }
      } else {
        fail(fmt::format("rank {}: {}", source, bytes), stop);
      }
      r->done = true;
      done_.notify_all();
    }
    for (int r = 1; r < ranks_; ++r) send({}, r, kStop);
  }
  const std::string& failure() const { return failure_; }

 private:
  struct Request {
    std::string kfen;
    std::uint32_t depth = 0;
    std::uint64_t node_budget = 0;
    const std::atomic<bool>* halt = nullptr;
    std::uint64_t id = 0;
    bool halt_sent = false, done = false;
    FarJob answer;  // winner nullopt and not over budget if the rank failed: a stopped job
  };
  void fail(std::string what, std::atomic<bool>& stop) {
    if (failure_.empty()) failure_ = std::move(what);
    stop = true;
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

// A far rank: proves the jobs rank 0 sends, one at a time on a thread of its own while the main
// thread listens for a halt, until kStop. Its table is the checkpoint's starts (read at the first
// job: a damaged file fails the job, and rank 0 has refused it already) and what it proves.
void serve_rank_zero(const ByRoundsOptions& options) {
  RoundStartTable table, read_back;
  bool table_read = false;
  std::string bytes;
  int source = 0, tag = 0;
  for (;;) {
    if (!receive(0, source, tag, bytes)) {
      nap();
      continue;
    }
    if (tag == kStop) return;
    if (tag != kJob) continue;  // a halt that came after its job was done
    std::size_t at = 0;
    const auto id = take<std::uint64_t>(bytes, at);
    const auto depth = take<std::uint32_t>(bytes, at);
    const auto node_budget = take<std::uint64_t>(bytes, at);
    try {
      std::error_code ec;
      // With --recheck-starts the file's starts are rank 0's claims to check, not values to use.
      if (!table_read && !options.recheck && !options.table_path.empty() && std::filesystem::exists(options.table_path, ec)) {
        read_back = read_round_starts(options.table_path);
        table.merge(read_back, options.table_path);
      }
      table_read = true;
      const Position start = parse_kfen(bytes.substr(at));
      std::atomic<bool> halt{false}, finished{false};
      ByRoundsOptions o = options;
      o.stop = &halt, o.progress = nullptr, o.seconds = 0;  // rank 0 keeps the time and halts the job
      FarJob far;
      std::exception_ptr failure;
      std::thread prover([&] {
        try {
          far = prove_far_job(start, depth, node_budget, table, read_back, o);
        } catch (...) {
          failure = std::current_exception();
        }
        finished = true;
      });
      while (!finished) {
        if (options.stop && options.stop->load()) halt = true;  // this rank's Ctrl-C
        std::string message;
        if (receive(0, source, tag, message)) {
          std::size_t m = 0;
          if (tag == kHalt && take<std::uint64_t>(message, m) == id) halt = true;
        } else {
          nap();
        }
      }
      prover.join();
      if (failure) std::rethrow_exception(failure);
      send(encode(far), 0, kDone);
    } catch (const std::exception& e) {
      send(e.what(), 0, kFailed);
      while (!receive(0, source, tag, bytes) || tag != kStop) nap();
      return;
    }
  }
}

}  // namespace

std::optional<ByRoundsResult> solve_by_rounds_mpi(const Position& root, RoundStartTable& table, const ByRoundsOptions& options) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);  // only the main thread calls MPI
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks < 2) {
    MPI_Finalize();
    throw InputError("solve --by-rounds --mpi needs 2 ranks or more (mpirun -np N, N >= 2); on one process use --threads");
  }
  if (rank != 0) {
    serve_rank_zero(options);
    MPI_Finalize();
    return std::nullopt;
  }
  RankHands hands(ranks);
  std::atomic<bool> stop{false}, over{false};
  ByRoundsOptions o = options;
  o.far = &hands;
  o.stop = &stop;
  ByRoundsResult result;
  std::exception_ptr failure;
  std::thread run([&] {
    try {
      result = solve_by_rounds(root, table, o);
    } catch (...) {
      failure = std::current_exception();
    }
    over = true;
  });
  hands.serve(over, stop, options.stop);
  run.join();
  MPI_Finalize();
  if (!hands.failure().empty()) throw InputError(hands.failure());
  if (failure) std::rethrow_exception(failure);
  return result;
}

}  // namespace kamisado::solver
