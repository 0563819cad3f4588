#include "solver/match/by_rounds.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <thread>

#include <fmt/format.h>

#include "io/run_lock.h"
#include "kamisado/errors.h"
#include "kamisado/kfen.h"
#include "solver/search/aim.h"
#include "solver/search/transposition_table.h"

namespace kamisado::solver {

Side guessed_match_winner(const Position& start) {
  const Side first = start.side_to_move();
  const auto& points = start.match().points;
  return points[index(first)] >= points[index(~first)] ? first : ~first;
}

namespace {

Side winner_of(const RoundStart& s, const RoundStartValue& v) { return v.first_mover_wins ? s.rows.first : ~s.rows.first; }

// What a decided start or a stopped run gives back, and what its searches cost.
struct Decision {
  std::optional<Side> winner;
  std::uint64_t nodes = 0;
  bool over_budget = false;  // a last round's job that needed more than options.job_nodes
};

// A start whose round decides the match, whoever wins it and with whatever tower (P3: a round
// won scores at least one point): its job is a plain round search, with no jobs of its own.
bool last_round(const Position& start) {
  const MatchScore& m = start.match();
  return m.points[0] + 1 >= m.target && m.points[1] + 1 >= m.target;
}

class Run;

// A master's view of round starts (the file's comment): the table's winner where it holds the
// start; else a job, a leaf whose numbers guess its value until it is proved. A job taken (the
// master's most proving node) waits for its proof with numbers so large that the master looks
// elsewhere meanwhile; `batch` taken jobs pause the master.
class JobOracle final : public RoundStartOracle {
 public:
  JobOracle(Run& run, unsigned depth, std::size_t batch) : run_(run), depth_(depth), batch_(batch) {}
  std::optional<Side> match_winner(const Position& start) const override;
  std::optional<ProofNumbers> job_numbers(const Position& start, Side attacker) const override;
  bool take_job(const Position& start) const override;

  // A job that ran over its budget: from now on a start this master searches into itself.
  void search_into(const RoundStartKey& key) { searched_.insert(key); }

  // The jobs taken since the last call, handed over.
  std::vector<std::pair<RoundStartKey, Position>> take_batch() {
    std::vector<std::pair<RoundStartKey, Position>> jobs(taken_.begin(), taken_.end());
    taken_.clear();
    return jobs;
  }

 private:
  // A guessed winner's job: easier to prove for him than to refute (kEasy against kHard), and
  // each dearer than a plain leaf (whose numbers start at its count of moves), since a job is a
  // whole search; kWaiting while taken. (kEasy 64 took 4 492 jobs and 176 s on Gold to move at
  // 2:1-0, bkpnyrgo/8/8/8/8/8/8/GORPKNBY, with every last-round start a job; 512, slower.)
  static constexpr std::uint32_t kEasy = 64, kHard = 16 * kEasy, kWaiting = 1u << 24;
  Run& run_;
  unsigned depth_;
  std::size_t batch_;
  mutable std::map<RoundStartKey, Position> taken_;
  mutable std::set<RoundStartKey> mine_;   // every job this master took
  std::set<RoundStartKey> searched_;       // jobs over budget, searched by this master
  mutable std::set<RoundStartKey> known_;  // the starts it found proved by others
};

// One run: the table shared by the threads, the counts, the clock and the stop.
class Run {
 public:
  Run(RoundStartTable& table, const ByRoundsOptions& options) : table_(table), options_(options), start_(std::chrono::steady_clock::now()) {}

  std::optional<RoundStartValue> find(const RoundStartKey& key) const {
    std::shared_lock lock(table_mutex_);
    return table_.find(key);
  }
  Decision decide(const Position& pos, unsigned depth, bool share_jobs, std::uint64_t node_budget = 0);
  void report_until_done();
  void finish() {
    {
      std::lock_guard lock(done_mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
  }
  void save() {
    std::lock_guard write(save_mutex_);
    save_locked();
  }
  // Saves if the last save is `checkpoint_seconds` old, unless another thread is saving.
  void save_when_due() {
    std::unique_lock write(save_mutex_, std::try_to_lock);
    if (write && std::chrono::duration<double>(std::chrono::steady_clock::now() - last_save_).count() >= options_.checkpoint_seconds) save_locked();
  }
  void save_locked() {
    if (options_.table_path.empty()) return;
    RoundStartTable copy;
    {
      std::shared_lock lock(table_mutex_);
      copy = table_;
    }
    write_round_starts(copy, options_.table_path);
    last_save_ = std::chrono::steady_clock::now();
  }
  bool halted() const { return halt_.load(); }
  std::uint64_t job_nodes() const { return options_.job_nodes; }
  // Search tables are lent to masters and given back, never shared by two at once: a job of a
  // last round is a search of some 50 ms, and making a 64 MB table took it 80 ms more. What a
  // table keeps from an earlier master is true of its positions (values proved from proved
  // starts only; numbers only steer), so a master may start on another's table.
  struct TableReturn {
    Run* run;
    void operator()(TranspositionTable* t) const {
      std::lock_guard lock(run->tables_mutex_);
      run->free_tables_.emplace_back(t);
    }
  };
  std::unique_ptr<TranspositionTable, TableReturn> lend_table() {
    std::lock_guard lock(tables_mutex_);
    if (free_tables_.empty()) return {new TranspositionTable(options_.hash_mb), TableReturn{this}};
    TranspositionTable* t = free_tables_.back().release();
    free_tables_.pop_back();
    return {t, TableReturn{this}};
  }
  void met(unsigned depth) {
    std::lock_guard lock(counts_mutex_);
    ++count(depth).known;
  }
  void over_budget(unsigned depth) {
    std::lock_guard lock(counts_mutex_);
    ++count(depth).searched_into;
  }
  void took(unsigned depth) {
    std::lock_guard lock(counts_mutex_);
    ++count(depth).jobs;
  }
  ByRoundsResult result(std::optional<Side> winner) const {
    ByRoundsResult r;
    r.winner = winner;
    r.masters = masters_;
    r.nodes = nodes_;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    r.rounds = rounds_;
    r.table_size = table_.size();
    r.table_hits = table_hits_;
    return r;
  }

 private:
  void prove_jobs(const std::vector<std::pair<RoundStartKey, Position>>& jobs, unsigned depth, bool share, std::vector<Decision>& out);
  void add(const RoundStartKey& key, const Position& start, Side winner, std::uint64_t nodes, unsigned depth);
  RoundCount& count(unsigned depth) {
    if (rounds_.size() < depth) rounds_.resize(depth);
    return rounds_[depth - 1];
  }

  RoundStartTable& table_;
  const ByRoundsOptions& options_;
  const std::chrono::steady_clock::time_point start_;
  mutable std::shared_mutex table_mutex_;
  std::mutex counts_mutex_, save_mutex_, done_mutex_, tables_mutex_;
  std::vector<std::unique_ptr<TranspositionTable>> free_tables_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::atomic<bool> halt_{false};
  std::atomic<std::uint64_t> masters_{0}, nodes_{0}, table_hits_{0}, starts_proved_{0}, jobs_done_{0}, jobs_queued_{0};
  std::vector<RoundCount> rounds_;
  std::chrono::steady_clock::time_point last_save_ = std::chrono::steady_clock::now();  // under save_mutex_
};

std::optional<Side> JobOracle::match_winner(const Position& start) const {
  const std::optional<RoundStart> s = round_start_of(start);
  if (!s || !s->match.is_match()) return std::nullopt;
  const RoundStartKey key = key_of(*s);
  const std::optional<RoundStartValue> v = run_.find(key);
  if (v && !mine_.count(key) && known_.insert(key).second) run_.met(depth_ + 1);
  if (v) return winner_of(*s, *v);
  return std::nullopt;
}

std::optional<ProofNumbers> JobOracle::job_numbers(const Position& start, Side attacker) const {
  const std::optional<RoundStart> s = round_start_of(start);
  if (!s || !s->match.is_match()) return std::nullopt;
  if (last_round(start) && run_.job_nodes() == 0) return std::nullopt;  // searched by the master
  const RoundStartKey key = key_of(*s);
  if (searched_.count(key)) return std::nullopt;
  if (taken_.count(key)) return ProofNumbers{kWaiting, kWaiting};
  return guessed_match_winner(start) == attacker ? ProofNumbers{kEasy, kHard} : ProofNumbers{kHard, kEasy};
}

bool JobOracle::take_job(const Position& start) const {
  const RoundStartKey key = key_of(*round_start_of(start));
  if (!taken_.emplace(key, start).second) return true;  // the most proving node waits already
  mine_.insert(key);
  run_.took(depth_ + 1);
  return taken_.size() >= batch_;
}

// Proves who wins from `pos`, whose round is the run's `depth`: a master search, paused for
// its jobs each time it takes a batch of them, resumed with their values in the table, until
// it decides its root. Its table is kept from pause to pause: what it proved stays proved (the
// round-start table only grows, and only with proved values), and numbers it stored beside a
// waiting job only steer it.
Decision Run::decide(const Position& pos, unsigned depth, bool share_jobs, std::uint64_t node_budget) {
  Decision d;
  JobOracle oracle(*this, depth, share_jobs ? 4 * std::size_t(std::max(1u, options_.threads)) : 1);
  SolveLimits limits;
  limits.hash_mb = options_.hash_mb;
  limits.stop = &halt_;
  limits.nodes = node_budget;
  limits.round_starts = &oracle;
  const std::unique_ptr<TranspositionTable, TableReturn> table = lend_table();
  Prover prover(*table, limits);
  const Side mover = pos.side_to_move();
  ++masters_;
  for (std::uint64_t counted = 0;;) {
    const Proof proof = prover.prove(pos, {mover, Metric::Plies, kUnbounded, Aim::match()});
    nodes_ += prover.nodes() - counted;
    d.nodes += prover.nodes() - counted;
    counted = prover.nodes();
    if (proof.proved || proof.disproved) return d.winner = proof.proved ? mover : ~mover, d;
    if (!prover.paused() || halted()) return d.over_budget = !halted(), d;
    const std::vector<std::pair<RoundStartKey, Position>> jobs = oracle.take_batch();
    std::vector<Decision> decided_jobs;
    prove_jobs(jobs, depth + 1, share_jobs, decided_jobs);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (decided_jobs[i].over_budget)
        oracle.search_into(jobs[i].first);
      else if (!decided_jobs[i].winner)
        return d;  // stopped
    }
  }
}

// The jobs of one master: on `options.threads` threads when `share`, else on this one.
void Run::prove_jobs(const std::vector<std::pair<RoundStartKey, Position>>& jobs, unsigned depth, bool share, std::vector<Decision>& out) {
  out.assign(jobs.size(), {});
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  if (share) jobs_queued_ += jobs.size();
  auto work = [&] {
    try {
      for (std::size_t i; (i = next++) < jobs.size() && !halted();) {
        const auto& [key, start] = jobs[i];
        if (auto v = find(key)) {
          ++table_hits_;
          out[i].winner = winner_of(*round_start_of(start), *v);
        } else {
          out[i] = decide(start, depth, false, last_round(start) ? options_.job_nodes : 0);
          if (out[i].winner) add(key, start, *out[i].winner, out[i].nodes, depth);
          if (out[i].over_budget) over_budget(depth);
        }
        if (share) ++jobs_done_, --jobs_queued_;
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      failure = std::current_exception();
      halt_ = true;
    }
  };
  const unsigned threads = share ? std::max(1u, std::min<unsigned>(options_.threads, unsigned(jobs.size()))) : 1;
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

void Run::add(const RoundStartKey& key, const Position& start, Side winner, std::uint64_t nodes, unsigned depth) {
  {
    std::unique_lock lock(table_mutex_);
    table_.add(key, {winner == start.side_to_move(), std::nullopt, false, nodes}, "the run");
  }
  if (++starts_proved_ == options_.max_jobs) halt_ = true;
  {
    std::lock_guard lock(counts_mutex_);
    ++count(depth).proved;
  }
  save_when_due();
}

// On its own thread: turns Ctrl-C and the time limit into the searches' stop, and reports.
void Run::report_until_done() {
  using namespace std::chrono;
  auto last_report = steady_clock::now();
  std::unique_lock lock(done_mutex_);
  while (!done_cv_.wait_for(lock, milliseconds(100), [this] { return done_; })) {
    const double t = duration<double>(steady_clock::now() - start_).count();
    if ((options_.stop && options_.stop->load()) || (options_.seconds > 0 && t >= options_.seconds)) halt_ = true;
    if (options_.progress && duration<double>(steady_clock::now() - last_report).count() >= options_.progress_seconds) {
      last_report = steady_clock::now();
      ByRoundsProgress p{t, jobs_done_, jobs_queued_, starts_proved_, 0, nodes_};
      {
        std::shared_lock table_lock(table_mutex_);
        p.table_size = table_.size();
      }
      options_.progress(p);
    }
  }
}

}  // namespace

ByRoundsResult solve_by_rounds(const Position& root, RoundStartTable& table, const ByRoundsOptions& options) {
  if (!root.match().is_match()) throw InputError("by rounds: the position is a single round, not a match (give it a match field, e.g. '2:0-0')");
  std::optional<io::RunLock> lock;
  if (!options.table_path.empty()) {
    lock.emplace(io::RunLock::on_file(options.table_path, "solve --by-rounds"));
    std::error_code ec;
    if (std::filesystem::exists(options.table_path, ec)) table.merge(read_round_starts(options.table_path), options.table_path);
  }
  const std::size_t read = table.size();
  Run run(table, options);
  std::thread reporter([&run] { run.report_until_done(); });
  Decision d;
  try {
    if (auto w = decided(Aim::match(), root))
      d.winner = *w;
    else
      d = run.decide(root, 1, true);
  } catch (...) {
    run.finish();
    reporter.join();
    run.save();  // what was proved before the fault is kept
    throw;
  }
  run.finish();
  reporter.join();
  run.save();
  ByRoundsResult r = run.result(d.winner);
  r.table_read = read;
  return r;
}

namespace {
const char* value_word(const Position& root, const ByRoundsResult& r) {
  if (!r.winner) return "unknown";
  return *r.winner == root.side_to_move() ? "win" : "loss";
}
}  // namespace

nlohmann::json by_rounds_json(const Position& root, const ByRoundsResult& r) {
  nlohmann::json rounds = nlohmann::json::array();
  for (std::size_t i = 0; i < r.rounds.size(); ++i) {
    const RoundCount& c = r.rounds[i];
    rounds.push_back({{"round", i + 1}, {"jobs", c.jobs}, {"proved", c.proved}, {"searched_into", c.searched_into}, {"known", c.known}});
  }
  return {{"kfen", to_kfen(root)},
          {"goal", "match"},
          {"by_rounds", true},
          {"value", value_word(root, r)},
          {"winner", r.winner ? nlohmann::json(side_id(*r.winner)) : nlohmann::json()},
          {"masters", r.masters},
          {"nodes", r.nodes},
          {"seconds", r.seconds},
          {"table_read", r.table_read},
          {"table_size", r.table_size},
          {"table_hits", r.table_hits},
          {"rounds", rounds}};
}

std::string by_rounds_text(const Position& root, const ByRoundsResult& r) {
  std::string out;
  if (r.winner)
    out += fmt::format("{} to move {} the match (by rounds; a value, no distance)\n", side_name(root.side_to_move()),
                       *r.winner == root.side_to_move() ? "wins" : "loses");
  else
    out += "unknown: stopped before the match was decided (the round-start table keeps what was proved)\n";
  out += fmt::format("{} master searches, {} nodes, {:.1f} s; the round-start table holds {} starts ({} of them when the run began)\n", r.masters,
                     r.nodes, r.seconds, r.table_size, r.table_read);
  for (std::size_t i = 1; i < r.rounds.size(); ++i) {
    const RoundCount& c = r.rounds[i];
    out += fmt::format("round {}: {} starts taken as jobs, {} proved, {} over budget and searched by their master; {} found proved by another\n",
                       i + 1, c.jobs, c.proved, c.searched_into, c.known);
  }
  return out;
}

}  // namespace kamisado::solver
