#include "solver/match/by_rounds_tree.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "solver/match/tree_certificate.h"
#include "src/io/files.h"
#include "src/io/run_lock.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/job_record.h"
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
  RoundsWork(const ByRoundsOptions& options, const Position& root, const TreeCertificateFolders& certificate, const std::string& record)
      : options_(options), certificate_(certificate), record_path_(record) {
    if (!round_start_of(root)) root_key_ = tree_key(root);
  }
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
      for (auto& [id, l] : look_ups_)  // before the job's batch or end, which follow its look-ups
        if (!l.met.empty()) {
          run::TreeEvent& e = out.emplace_back();
          e.id = id;
          e.look_up.swap(l.met);
        }
      out.insert(out.end(), std::make_move_iterator(events_.begin()), std::make_move_iterator(events_.end()));
      events_.clear();
    }
    for (const run::TreeEvent& e : out)
      if (e.done) threads_.at(e.id).join(), threads_.erase(e.id);
    return out;
  }
  void looked_up(std::uint64_t id, const run::TreeKey& key, std::uint8_t value) override {
    {
      std::lock_guard lock(mutex_);
      const auto it = look_ups_.find(id);
      if (it == look_ups_.end()) return;  // the job ended
      ++it->second.answered;
      if (value != run::kNotProved) it->second.proved.emplace_back(RoundStartKey{key.hi, key.lo}, value != 0);
    }
    changed_.notify_all();
  }
  void idle(double seconds) override {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return !events_.empty() || failure_; });
  }
  bool block_when_idle() const override { return false; }

  // Rank 0 takes the certificate's folder (tree_certificate.h). Another rank its part of the
  // certificate, and the shard of `rank` in the table's files: options.table_path and every shard
  // beside it, of any number of ranks (round_start_table.h), locked first: rank 1 locks the table
  // for the run, each rank its own shard file, so that a second run on the table is refused.
  std::vector<run::TreeValue> begin(int rank, int ranks) override {
    if (!certificate_.dir.empty() && rank == 0) certificate = std::make_unique<TreeCertificate>(certificate_);
    if (!certificate_.dir.empty() && rank > 0) layers_ = std::make_unique<RankLayers>(certificate_.dir, rank);
    if (!record_path_.empty() && rank > 0) {  // a record of one run, never appended to another's
      const std::string path = run::job_record_file(record_path_, rank);
      std::error_code ec;
      if (std::filesystem::exists(path, ec)) throw InputError("'" + path + "' is there already: a record of jobs is of one run; not overwritten");
      io::check_writable(path);
      record_.emplace(path);
    }
    if (options_.table_path.empty() || rank == 0) return {};
    const std::string& table = options_.table_path;
    shard_path_ = round_start_shard(table, rank, ranks);
    if (rank == 1) locks_.push_back(io::RunLock::on_file(table, "solve --by-rounds --every-level"));
    locks_.push_back(io::RunLock::on_file(shard_path_, "solve --by-rounds --every-level"));
    io::check_writable(shard_path_);
    RoundStartTable mine;
    for (const std::string& file : round_start_table_files(table)) {  // one file in memory at a time, beside the shard kept
      const RoundStartTable read = read_round_starts(file);
      for (const auto& [key, value] : read.entries())
        if (run::owner_of({key.hi, key.lo}, ranks) == rank) mine.add(key, value, file);
    }
    std::vector<run::TreeValue> shard;
    for (const auto& [key, value] : mine.entries()) shard.push_back({{key.hi, key.lo}, value.first_mover_wins, 1});
    return shard;
  }
  void save(const std::vector<run::TreeValue>& shard) override {
    if (shard_path_.empty()) return;
    RoundStartTable t;
    for (const run::TreeValue& v : shard)
      if (v.key != root_key_) t.add({v.key.hi, v.key.lo}, {v.value != 0, std::nullopt, false, 0});
    write_round_starts(t, shard_path_);
  }
  double save_seconds() const override { return options_.table_path.empty() ? 0 : options_.checkpoint_seconds; }

  std::unique_ptr<TreeCertificate> certificate;  // rank 0's, with a certificate

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
      if (work.record_) work.batches_[id].push_back(e.batch);
      const std::optional<std::vector<std::uint8_t>> values = answered(lock, std::move(e));
      if (!values) return std::nullopt;
      std::vector<bool> first_mover_wins;
      for (std::uint8_t v : *values) first_mover_wins.push_back(v != 0);
      return first_mover_wins;
    }
    // Kept until the rank's loop next asks for events (every quantum): the starts a search meets
    // go out in batches.
    void meet(const Position& start) override {
      std::lock_guard lock(work.mutex_);
      LookUps& l = work.look_ups_[id];
      l.met.push_back(tree_key(start));
      ++l.asked;
    }
    std::optional<std::vector<std::pair<RoundStartKey, bool>>> looked_up() override {
      std::unique_lock lock(work.mutex_);
      LookUps& l = work.look_ups_[id];
      work.changed_.wait(lock, [&] { return l.answered == l.asked || work.halt_; });
      if (work.halt_) return std::nullopt;
      return std::exchange(l.proved, {});
    }
    // The event to the rank, and the values it resumes the job with; nullopt if the run stops first.
    std::optional<std::vector<std::uint8_t>> answered(std::unique_lock<std::mutex>& lock, run::TreeEvent e) {
      work.events_.push_back(std::move(e));
      work.changed_.notify_all();
      work.changed_.wait(lock, [&] { return work.resumed_.count(id) || work.halt_; });
      if (work.halt_) return std::nullopt;
      std::vector<std::uint8_t> values = std::move(work.resumed_[id]);
      work.resumed_.erase(id);
      return values;
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
      if (!far.winner) {
        if (!stop_) throw std::logic_error("by rounds on the job tree: a job ended unproved: " + kfen);
        return;
      }
      // Its layers stored and listed before its value goes out (tree_certificate.h), outside the
      // lock: the rank answers the other ranks meanwhile, and this job alone uses the table.
      std::uint64_t layer_nodes = 0;
      if (layers_) {
        std::vector<std::pair<RoundStartKey, bool>> proved;
        for (const auto& [key, value] : far.proved.entries()) proved.emplace_back(key, value.first_mover_wins);
        std::optional<std::pair<Position, Side>> root;
        if (level == 1) root.emplace(start, *far.winner);
        const std::uint64_t before = layers_->search_nodes;
        layers_->write(proved, root, table_, options_.hash_mb, &stop_);
        if (stop_) return;
        layer_nodes = layers_->search_nodes - before;
      }
      std::lock_guard lock(mutex_);
      run::TreeEvent e;
      e.id = id, e.done = true, e.value = *far.winner == start.side_to_move();
      e.searches = far.masters, e.nodes = far.nodes + layer_nodes;  // the layers' searches are the job's too
      const run::TreeKey own = tree_key(start);
      for (const auto& [key, value] : far.proved.entries())
        if (run::TreeKey{key.hi, key.lo} != own) e.also.push_back({{key.hi, key.lo}, value.first_mover_wins, 1});
      if (record_) record_->add(run::job_record_line({own, level, {}}, batches_[id], e));
      batches_.erase(id);
      look_ups_.erase(id);
      events_.push_back(std::move(e));
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
    }
    changed_.notify_all();
  }

  const ByRoundsOptions& options_;
  const TreeCertificateFolders certificate_;
  std::unique_ptr<RankLayers> layers_;  // another rank's, with a certificate
  const std::string record_path_;
  std::optional<io::LineAppender> record_;                                   // a record of its jobs (job_record.h)
  std::map<std::uint64_t, std::vector<std::vector<run::TreeJob>>> batches_;  // with a record: each running job's batches so far
  std::optional<run::TreeKey> root_key_;                                     // the root's, when it is no round start: kept out of the table
  std::string shard_path_;
  std::vector<io::RunLock> locks_;
  RoundStartTable table_;  // what this rank proved and learnt; one job computes at a time
  std::mutex mutex_;
  std::condition_variable changed_;
  bool halt_ = false;
  std::atomic<bool> stop_{false};
  std::vector<run::TreeEvent> events_;
  std::map<std::uint64_t, std::vector<std::uint8_t>> resumed_;
  struct LookUps {                                       // a running job's starts met (Hands::meet)
    std::vector<run::TreeKey> met;                       // not sent yet
    std::uint64_t asked = 0, answered = 0;               // met, and answered, since it started
    std::vector<std::pair<RoundStartKey, bool>> proved;  // answered proved since its last Hands::looked_up: whether the side moving first wins
  };
  std::map<std::uint64_t, LookUps> look_ups_;
  std::map<std::uint64_t, std::thread> threads_;
  std::exception_ptr failure_;
};

}  // namespace

std::optional<TreeRun> solve_by_rounds_tree(const Position& root, const ByRoundsOptions& options, const TreeCertificateFolders& certificate,
                                            const std::string& record) {
  if (!root.match().is_match()) throw InputError("by rounds: the position is a single round, not a match (give it a match field, e.g. '2:0-0')");
  std::optional<run::TreeRunResult> tree;
  TreeRun out;
  {
    RoundsWork work(options, root, certificate, record);
    // Rank 0 keeps the run's time: past options.seconds, or at Ctrl-C, it stops the run.
    std::atomic<bool> stop{false};
    double next_report = 0;
    const auto progress = [&](const run::TreeProgress& p) {
      if ((options.stop && options.stop->load()) || (options.seconds > 0 && p.seconds >= options.seconds)) stop = true;
      if (options.progress && p.seconds >= next_report) {
        next_report = p.seconds + std::max(0.1, options.progress_seconds);
        ByRoundsProgress shown;
        shown.seconds = p.seconds, shown.handed_out = p.handed_out, shown.jobs_queued = p.queued;
        options.progress(shown);
      }
    };
    tree = run::run_job_tree({tree_key(root), 1, to_kfen(root)}, work, 0.002, &stop, progress, 0.2);
    if (tree && tree->value) out.result.winner = *tree->value ? root.side_to_move() : ~root.side_to_move();
    if (out.result.winner && work.certificate) out.certificate = work.certificate->finish(root, *out.result.winner, options.hash_mb, options.stop);
  }
  if (!tree) return std::nullopt;
  ByRoundsResult& r = out.result;
  r.seconds = tree->seconds;
  for (const run::TreeRankStats& s : tree->ranks) {
    r.rank_jobs.push_back(s.jobs);
    if (r.rounds.size() < s.jobs.size()) r.rounds.resize(s.jobs.size());
    for (std::size_t l = 0; l < s.jobs.size(); ++l) r.rounds[l].proved += s.jobs[l], r.far_jobs += s.jobs[l];
    r.table_size += s.shard_starts;
    r.table_read += s.restored;
    r.masters += s.searches, r.nodes += s.nodes;
    r.looked_up += s.looked_up, r.looked_up_proved += s.looked_up_proved;
    r.unchecked += s.restored_used;  // claims answered from the saved shards: read back, not proved
  }
  r.table_path = options.table_path;
  for (std::size_t i = 1; i < tree->proved.size(); ++i) r.proved_twice += tree->proved[i].second == tree->proved[i - 1].second;
  return out;
}

}  // namespace kamisado::solver
