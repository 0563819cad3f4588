#include "solver/match/by_rounds_tree.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/job_tree.h"

namespace kamisado::solver {

namespace {

// A start's name on the tree: its class's key (B3: a start and its images are one job), the
// root's its KFEN's hash when it is no round start.
run::TreeKey tree_key(const Position& start) {
  if (const std::optional<RoundStart> s = round_start_of(start)) {
    const RoundStartKey k = key_of(*s);
    return {k.hi, k.lo};
  }
  return {~0ULL, std::hash<std::string>()(to_kfen(start))};
}

// A rank's masters as the scheduler's work (the file's comment).
class RoundsWork final : public run::TreeWork {
 public:
  explicit RoundsWork(const ByRoundsOptions& options) : options_(options) {}
  ~RoundsWork() override {
    {
      std::lock_guard lock(mutex_);
      halt_ = true;
    }
    stop_ = true;  // a job still searching (a failure elsewhere, Ctrl-C) ends soon
    changed_.notify_all();
    for (auto& [id, thread] : threads_) thread.join();
  }

  unsigned slots() const override { return 1; }
  void start(std::uint64_t id, const run::TreeJob& job) override {
    threads_.emplace(id, std::thread([this, id, kfen = job.payload, level = job.level] { prove(id, kfen, level); }));
  }
  void resume(std::uint64_t id, const std::vector<std::uint8_t>& values) override {
    {
      std::lock_guard lock(mutex_);
      resumed_[id] = values;
    }
    changed_.notify_all();
  }
  std::vector<run::TreeEvent> events() override {
    std::vector<run::TreeEvent> out;
    {
      std::lock_guard lock(mutex_);
      if (failure_) std::rethrow_exception(failure_);
      out.swap(events_);
    }
    for (const run::TreeEvent& e : out)
      if (e.done) threads_.at(e.id).join(), threads_.erase(e.id);
    return out;
  }
  void idle(double seconds) override {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return !events_.empty() || failure_; });
  }
  bool block_when_idle() const override { return false; }

 private:
  // A master's batch, handed to the scheduler from its thread, which waits for the values.
  struct Hands final : TreeHands {
    RoundsWork& work;
    std::uint64_t id;
    Hands(RoundsWork& w, std::uint64_t i) : work(w), id(i) {}
    std::optional<std::vector<bool>> prove(const std::vector<Position>& starts, unsigned depth) override {
      run::TreeEvent e;
      e.id = id;
      for (const Position& s : starts) e.batch.push_back({tree_key(s), depth, to_kfen(s)});
      std::unique_lock lock(work.mutex_);
      work.events_.push_back(std::move(e));
      work.changed_.notify_all();
      work.changed_.wait(lock, [&] { return work.resumed_.count(id) || work.halt_; });
      if (work.halt_) return std::nullopt;
      std::vector<bool> first_mover_wins;
      for (std::uint8_t v : work.resumed_[id]) first_mover_wins.push_back(v != 0);
      work.resumed_.erase(id);
      return first_mover_wins;
    }
  };

  void prove(std::uint64_t id, const std::string& kfen, unsigned level) {
    try {
      const Position start = parse_kfen(kfen);
      Hands hands(*this, id);
      ByRoundsOptions o = options_;
      o.tree = &hands;
      o.stop = &stop_;
      const FarJob far = prove_tree_job(start, level, table_, o);
      std::lock_guard lock(mutex_);
      if (!far.winner) {
        if (!halt_) throw std::logic_error("by rounds on the job tree: a job ended unproved: " + kfen);
        return;
      }
      run::TreeEvent e;
      e.id = id, e.done = true, e.value = *far.winner == start.side_to_move();
      const run::TreeKey own = tree_key(start);
      for (const auto& [key, value] : far.proved.entries())
        if (run::TreeKey{key.hi, key.lo} != own) e.also.push_back({{key.hi, key.lo}, value.first_mover_wins, 1});
      events_.push_back(std::move(e));
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
    }
    changed_.notify_all();
  }

  const ByRoundsOptions& options_;
  RoundStartTable table_;  // what this rank proved and learnt; one job computes at a time
  std::mutex mutex_;
  std::condition_variable changed_;
  bool halt_ = false;
  std::atomic<bool> stop_{false};
  std::vector<run::TreeEvent> events_;
  std::map<std::uint64_t, std::vector<std::uint8_t>> resumed_;
  std::map<std::uint64_t, std::thread> threads_;
  std::exception_ptr failure_;
};

}  // namespace

std::optional<ByRoundsResult> solve_by_rounds_tree(const Position& root, const ByRoundsOptions& options) {
  if (!root.match().is_match()) throw InputError("by rounds: the position is a single round, not a match (give it a match field, e.g. '2:0-0')");
  std::optional<run::TreeRunResult> tree;
  {
    RoundsWork work(options);
    tree = run::run_job_tree({tree_key(root), 1, to_kfen(root)}, work, 0.002, options.stop);
  }
  if (!tree) return std::nullopt;
  ByRoundsResult r;
  if (tree->value) r.winner = *tree->value ? root.side_to_move() : ~root.side_to_move();
  r.seconds = tree->seconds;
  for (const run::TreeRankStats& s : tree->ranks) {
    r.rank_jobs.push_back(s.jobs);
    if (r.rounds.size() < s.jobs.size()) r.rounds.resize(s.jobs.size());
    for (std::size_t l = 0; l < s.jobs.size(); ++l) r.rounds[l].proved += s.jobs[l], r.far_jobs += s.jobs[l];
    r.table_size += s.shard_starts;
  }
  for (std::size_t i = 1; i < tree->proved.size(); ++i) r.proved_twice += tree->proved[i].second == tree->proved[i - 1].second;
  return r;
}

}  // namespace kamisado::solver
