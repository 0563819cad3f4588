#include "solver/match/by_rounds.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <thread>
#include <unordered_map>

#include <fmt/format.h>

#include "solver/search/aim.h"
#include "solver/search/transposition_table.h"
#include "src/io/run_lock.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/run/worker_pool.h"

namespace kamisado::solver {

Side guessed_match_winner(const Position& start) {
  const Side first = start.side_to_move();
  const auto& points = start.match().points;
  return points[index(first)] >= points[index(~first)] ? first : ~first;
}

namespace {

// A start whose round decides the match, whoever wins it and with whatever tower (P3: a round
// won scores at least one point): its job is a plain round search, with no jobs of its own.
bool last_round(const Position& start) {
  const MatchScore& m = start.match();
  return m.points[0] + 1 >= m.target && m.points[1] + 1 >= m.target;
}

}  // namespace

bool one_round_job(const Position& start) {
  const Side first = start.side_to_move();
  return last_round(start) || (guessed_match_winner(start) == first && start.match().points[index(first)] + 1 >= start.match().target);
}

unsigned job_depth(const Position& start) {
  if (one_round_job(start)) return 0;
  const MatchScore& m = start.match();
  const std::uint32_t points = m.points[index(guessed_match_winner(start))];
  return points >= m.target ? 0 : m.target - points;
}

namespace {

Side winner_of(const RoundStart& s, const RoundStartValue& v) { return v.first_mover_wins ? s.rows.first : ~s.rows.first; }

// What a decided start or a stopped run gives back, and what its searches cost.
struct Decision {
  std::optional<Side> winner;
  std::uint64_t nodes = 0;
  bool over_budget = false;  // a last round's job that needed more than options.job_nodes
};

class Run;

// A master's view of round starts (the file's comment): the table's winner where it holds the
// start; else a job, a leaf whose numbers guess its value. A job the master took (its most
// proving node) counts as its guess from then on, until the master forgets its guesses.
//
// A planning master (Run::decide with options.plans, Run::plan) takes every job without pausing,
// and sees a start proved as guessed as if it were not proved yet: a job, valued by the table once
// taken. So its search, and the plan it walks, depend only on the starts proved against their
// guess, not on how many were proved as guessed: a run stopped and started again plans the same
// proof (with the same table size) and goes on with its jobs, where a master that took the proved
// starts as they came would find another proof, resting on other starts.
class JobOracle final : public RoundStartOracle {
 public:
  // A batch of 0: a planning master (above).
  // `depth_prices` false: every job that is not one round at one price (ByRoundsOptions).
  // `at_once`: its last rounds' jobs are proved as it takes them (take_job).
  JobOracle(Run& run, const Position& root, unsigned depth, std::size_t batch, bool depth_prices, bool at_once)
      : run_(run),
        depth_(depth),
        root_depth_(depth_prices ? job_depth(root) : std::numeric_limits<unsigned>::max()),
        batch_(batch ? batch : std::numeric_limits<std::size_t>::max()),
        plans_(batch == 0),
        at_once_(at_once) {}
  std::optional<Side> match_winner(const Position& start) const override;
  Answer ask(const Position& start, Side attacker) const override;
  // A last round's job, where this thread would prove it anyway, is proved at once (issue 69): a
  // plain round search, some 10^4 nodes, against a guess that, where it fails, clears the master's
  // table and starts its search again (Run::decide). The search goes on with the job's value.
  bool take_job(const Position& start) const override;
  // The jobs taken since the last call.
  std::vector<std::pair<RoundStartKey, Position>> take_batch() {
    std::vector<std::pair<RoundStartKey, Position>> jobs(taken_.begin(), taken_.end());
    taken_.clear();
    return jobs;
  }

  // Whether `start` is valued by a guess, not by the table.
  bool guessed(const RoundStartKey& key) const;
  // A job that ran over its budget: from now on a start this master searches into itself.
  void search_into(const RoundStartKey& key) { searched_.insert(key); }
  // The same for the jobs given back as they were taken at once (take_job): whether there were any.
  bool search_into_given_back();
  void forget_guesses() { guessed_.clear(); }
  std::size_t guesses() const { return guessed_.size(); }

 private:
  // A guessed winner's job: easier to prove for him than to refute (easy against 16 times as
  // hard), and dearer than a plain leaf (whose numbers start at its count of moves), since a job
  // is a whole search. How much dearer follows what it costs (issue 69): a one-round job
  // (one_round_job) is a round search (about 10^4 nodes at the 2-point match's round 3), any
  // other a match of its own. Priced as the others, one-round jobs sent masters looking for lines
  // that avoid them, at 3·10^4 to 10^5 nodes for each job avoided; at a quarter of the price a
  // master takes more of them and searches a quarter to a half of the nodes (docs/solver.md,
  // "Jobs priced by what they cost"). Jobs of one master also differ by levels (job_depth): under
  // a Standard match's round-2 master, a round-3 start at 2-0 is a master over one-round jobs
  // (some 15 core-seconds in all), one at 1-1 a 2-point match of its own (some 9 000). A job as
  // deep as its master is priced four times its siblings: a plan then rests on a quarter of the
  // 1-1 starts for twice the 2-0 ones. Jobs one level below their master, as every job of the
  // 2-point match is, keep their price.
  static constexpr std::uint32_t kEasy = 64, kOneRoundEasy = kEasy / 4;
  std::uint32_t easy_price(const Position& start) const;
  // The two answers for a start whose key is known.
  std::optional<Side> winner_of_start(const Position& start, const RoundStart& s, const RoundStartKey& key) const;
  std::optional<ProofNumbers> numbers_of_job(const Position& start, const RoundStartKey& key, Side attacker) const;
  Run& run_;
  unsigned depth_;
  unsigned root_depth_;  // the master's root's job_depth (past any job's without depth prices)
  std::size_t batch_;
  bool plans_;
  bool at_once_;
  mutable std::map<RoundStartKey, Position> taken_;  // since the last batch
  mutable std::set<RoundStartKey> guessed_;          // jobs taken, valued by their guess
  std::set<RoundStartKey> searched_;                 // jobs over budget, searched by this master
  mutable std::set<RoundStartKey> given_back_;       // over budget when taken at once, not searched into yet
  mutable std::set<RoundStartKey> known_;            // the starts it found proved by others
};

// A position of the certificate queued for its own layer (Run::certify): a start a layer ends
// at, with the first layer that ends at it and whether its side moving first must win (the
// leaf's winner is the layer's, B3: the same for every start of its class). Its own layer must
// agree; nothing a layer says of its leaves is taken without it (a kept layer's, or a table
// file's value the search used).
struct LayerItem {
  Position pos;
  std::string name;
  std::string parent;
  bool parent_kept = false;
  bool first_mover_wins = false;
};

// The next depth of the certificate: the starts the layers of `level` end at, each once (queued
// keeps those of every depth), in the layers' order. Two layers that need each side to win one
// start are refused: a kept layer is wrong.
std::vector<LayerItem> next_depth(const std::vector<LayerItem>& level, const std::vector<std::vector<Position>>& leaves,
                                  const std::vector<std::optional<Side>>& winners, const std::vector<char>& kept_layers,
                                  std::set<RoundStartKey>& queued, const std::string& dir) {
  std::vector<LayerItem> next;
  std::map<RoundStartKey, std::size_t> at;
  for (std::size_t i = 0; i < leaves.size(); ++i)
    for (const Position& start : leaves[i]) {
      const RoundStartKey key = key_of(*round_start_of(start));
      const bool first_mover_wins = *winners[i] == start.side_to_move();
      if (queued.insert(key).second) {
        at[key] = next.size();
        next.push_back({start, start_layer_name(key), level[i].name, kept_layers[i] != 0, first_mover_wins});
      } else if (auto it = at.find(key); it != at.end() && next[it->second].first_mover_wins != first_mover_wins) {
        throw InputError(
            fmt::format("{}/{}: two layers ({} and {}) end at the round start {} and need each side to win it: a layer kept from an "
                        "earlier run is wrong; remove the folder's layers and run again",
                        dir, level[i].name, next[it->second].parent, level[i].name, to_kfen(start)));
      }
    }
  return next;
}

// One run: the table shared by the threads, the counts, the clock and the stop.
class Run {
 public:
  Run(RoundStartTable& table, const ByRoundsOptions& options) : table_(table), options_(options), start_(std::chrono::steady_clock::now()) {}

  // The starts read back from the table file (by_rounds.h, WHAT IS READ BACK): with
  // options.recheck claims to prove again, else values the run takes unchecked and counts.
  void read_back(const RoundStartTable& file) { (options_.recheck ? claims_ : file_) = file; }

  std::optional<RoundStartValue> find(const RoundStartKey& key) const {
    std::optional<RoundStartValue> v;
    {
      std::shared_lock lock(table_mutex_);
      v = table_.find(key);
    }
    if (v && file_.find(key)) {  // an answer resting on it says so
      std::lock_guard lock(used_mutex_);
      used_.add(key, *v);
    }
    return v;
  }
  // A start met that this process does not know, on the job tree: looked up in the other ranks'
  // shards while the search goes on, once a job and start; not a one-round start, which a master
  // proves itself at about the cost of the message (prove_on_tree).
  void meet(const RoundStartKey& key, const Position& start) {
    if (!options_.tree || one_round_job(start)) return;
    {
      std::lock_guard lock(asked_mutex_);
      if (!asked_.emplace(key, guessed_match_winner(start) == start.side_to_move()).second) return;
    }
    options_.tree->meet(start);
  }
  // Once a planning master is decided, before its plan is handed out: the starts it met that some
  // rank holds proved, learnt into the table; whether one of them is won against its guess. Then
  // the search went where it would not have gone, knowing it, and plans again (decide), until it
  // meets no start proved against its guess that it did not know: it has planned as one process
  // with every shard's starts would, so a run continued from a saved table plans the proof that
  // table holds, not another one resting on other starts. A run stopped meanwhile: false.
  bool learnt_against_guess() {
    if (!options_.tree) return false;
    const std::optional<std::vector<std::pair<RoundStartKey, bool>>> proved = options_.tree->looked_up();
    if (!proved) return false;
    bool against = false;
    std::unique_lock lock(table_mutex_);
    std::lock_guard asked(asked_mutex_);
    for (const auto& [key, first_mover_wins] : *proved) {
      if (table_.find(key)) continue;
      table_.add(key, {first_mover_wins, std::nullopt, false, 0}, "the job tree");
      against = against || asked_.at(key) != first_mover_wins;
    }
    return against;
  }
  const RoundStartTable& unchecked_used() const { return used_; }
  // What a master does with its proof once it is decided and rests on proved starts only: true
  // when done; false when it took new jobs on the way (decide proves them and asks again).
  using OnDecided = std::function<bool(Prover&, const JobOracle&, Side)>;
  Decision decide(const Position& pos, unsigned depth, bool share_jobs, std::uint64_t node_budget = 0, const OnDecided& on_decided = {});
  ByRoundsPlan plan(const Position& root);
  ByRoundsCertificate certify(const Position& root, LayerFolder& folder);
  // A layer's winner against what the layer that queued it needs (LayerItem): a disagreement
  // names what is wrong, a layer kept in `dir` or the table file.
  void check_leaf(const LayerItem& item, Side winner, const std::string& dir) const;
  // A master search's limits: the run's table size and stop, and `oracle` for round starts.
  SolveLimits master_limits(const JobOracle& oracle) const {
    SolveLimits limits;
    limits.hash_mb = options_.hash_mb;
    limits.stop = &halt_;
    limits.round_starts = &oracle;
    return limits;
  }
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
    if (options_.table_path.empty() || refused_) return;  // a refused file is left as it was
    RoundStartTable copy;
    {
      std::shared_lock lock(table_mutex_);
      copy = table_;
    }
    for (const auto& [key, value] : claims_.entries())  // the claims not proved again yet stay claims
      if (!copy.find(key)) copy.add(key, value);
    write_round_starts(copy, options_.table_path);
    last_save_ = std::chrono::steady_clock::now();
  }
  bool halted() const { return halt_.load(); }
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
  // A last round's job taken by a master of the round before `depth`, proved at once
  // (JobOracle::take_job): its winner once its value is in the table; none if stopped first or
  // over options.job_nodes (then counted as given back, as a batch's job would be).
  Decision prove_at_once(const RoundStartKey& key, const Position& start, unsigned depth) {
    took(depth, 1);
    if (halted()) return {};                                                  // stopped: taken as a guess, which the run will not prove
    if (const std::optional<Side> w = proved_winner(key, start)) return {w};  // another thread's, proved since the master asked
    const Decision d = prove_here(key, start, depth);
    if (depth == 2) ++jobs_done_;  // the first master's, as its shared batches count them
    return d;
  }
  void took(unsigned depth, std::size_t jobs) {
    std::lock_guard lock(counts_mutex_);
    count(depth).jobs += jobs;
  }
  // Every start this run adds goes into `added` too (a far job's, sent back: prove_far_job).
  void record(RoundStartTable* added) { added_ = added; }
  void add(const RoundStartKey& key, const Position& start, Side winner, std::uint64_t nodes, unsigned depth);
  ByRoundsResult result(std::optional<Side> winner) const {
    ByRoundsResult r;
    r.winner = winner;
    r.masters = masters_;
    r.restarts = restarts_;
    r.plans = plans_;
    r.far_jobs = far_jobs_;
    r.nodes = nodes_;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    r.rounds = rounds_;
    r.table_size = table_.size();
    r.table_hits = table_hits_;
    r.unchecked = used_.size();
    r.rechecked = rechecked_;
    r.table_path = options_.table_path;
    return r;
  }

 private:
  void prove_jobs(const std::vector<std::pair<RoundStartKey, Position>>& jobs, unsigned depth, bool share, std::vector<Decision>& out);
  void prove_on_tree(const std::vector<std::pair<RoundStartKey, Position>>& jobs, unsigned depth, std::vector<Decision>& out);
  void check_claim(const RoundStartKey& key, const RoundStartValue& proved, const std::string& start);
  Decision prove_far(const Position& start, unsigned depth);
  // A job's winner if the table holds it (a hit, counted), and a job proved by this thread (its
  // value into the table, a last round's budget counted): prove_jobs and prove_at_once.
  std::optional<Side> proved_winner(const RoundStartKey& key, const Position& start);
  Decision prove_here(const RoundStartKey& key, const Position& start, unsigned depth);
  void counted_proved();
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
  std::atomic<std::uint64_t> layers_{0}, far_jobs_{0}, restarts_{0}, plans_{0}, masters_{0}, nodes_{0}, table_hits_{0}, starts_proved_{0},
      jobs_done_{0}, jobs_queued_{0};
  std::vector<RoundCount> rounds_;
  // Looked up on the job tree (meet): whether its guess is that the side moving first wins. A
  // root master of the 2-point match meets 3.5 M starts: a hash map.
  std::mutex asked_mutex_;
  std::unordered_map<RoundStartKey, bool, RoundStartKeyHash> asked_;
  RoundStartTable* added_ = nullptr;  // under table_mutex_
  RoundStartTable file_;              // the table file's starts, taken unchecked (not with options.recheck)
  RoundStartTable claims_;            // the table file's starts, to prove again (options.recheck)
  mutable std::mutex used_mutex_;
  mutable RoundStartTable used_;  // the starts of file_ consulted
  std::atomic<std::uint64_t> rechecked_{0};
  std::atomic<bool> refused_{false};                                                    // a claim proved wrong: the file is not written
  std::chrono::steady_clock::time_point last_save_ = std::chrono::steady_clock::now();  // under save_mutex_
};

bool JobOracle::take_job(const Position& start) const {
  const RoundStartKey key = key_of(*round_start_of(start));
  if (at_once_ && last_round(start)) {
    const Decision d = run_.prove_at_once(key, start, depth_ + 1);
    if (d.winner) return known_.insert(key), false;  // its own, not met proved by others
    if (d.over_budget) {                             // the search goes on with its guess, and pauses to search into it (Run::decide)
      guessed_.insert(key);
      given_back_.insert(key);
      return true;
    }
  }
  guessed_.insert(key);
  taken_.emplace(key, start);
  return taken_.size() >= batch_;
}

bool JobOracle::search_into_given_back() {
  if (given_back_.empty()) return false;
  searched_.insert(given_back_.begin(), given_back_.end());
  given_back_.clear();
  return true;
}

std::optional<Side> JobOracle::match_winner(const Position& start) const {
  const std::optional<RoundStart> s = round_start_of(start);
  if (!s || !s->match.is_match()) return std::nullopt;
  return winner_of_start(start, *s, key_of(*s));
}

RoundStartOracle::Answer JobOracle::ask(const Position& start, Side attacker) const {
  const std::optional<RoundStart> s = round_start_of(start);
  if (!s || !s->match.is_match()) return {};
  const RoundStartKey key = key_of(*s);
  if (const std::optional<Side> w = winner_of_start(start, *s, key)) return {w, std::nullopt};
  return {std::nullopt, numbers_of_job(start, key, attacker)};
}

std::optional<Side> JobOracle::winner_of_start(const Position& start, const RoundStart& s, const RoundStartKey& key) const {
  if (const std::optional<RoundStartValue> v = run_.find(key)) {
    const bool taken = guessed_.count(key);
    if (plans_ && !taken && winner_of(s, *v) == guessed_match_winner(start)) return std::nullopt;  // a job until taken (above)
    if (!taken && known_.insert(key).second) run_.met(depth_ + 1);
    return winner_of(s, *v);
  }
  run_.meet(key, start);
  if (guessed_.count(key) && !searched_.count(key)) return guessed_match_winner(start);
  return std::nullopt;
}

bool JobOracle::guessed(const RoundStartKey& key) const { return guessed_.count(key) && !run_.find(key); }

std::uint32_t JobOracle::easy_price(const Position& start) const {
  const unsigned depth = job_depth(start);
  if (depth == 0) return kOneRoundEasy;
  return depth >= root_depth_ ? 4 * kEasy : kEasy;
}

std::optional<ProofNumbers> JobOracle::numbers_of_job(const Position& start, const RoundStartKey& key, Side attacker) const {
  if (searched_.count(key)) return std::nullopt;
  const std::uint32_t easy = easy_price(start), hard = 16 * easy;
  return guessed_match_winner(start) == attacker ? ProofNumbers{easy, hard} : ProofNumbers{hard, easy};
}

// The round starts guessed, not proved, that the proof of `winner` from `root` in `prover`'s table
// rests on: the leaves of its layer (proof_tree.h, build_round_layer) that the oracle values by a
// guess. The walk checks the proof as it goes: it is whole, and its leaves are decided by the
// rules, by the round-start table, or by a guess listed here. nullopt if it cannot be walked
// (the search was stopped).
std::optional<std::map<RoundStartKey, Position>> guesses_of_proof(Prover& prover, const JobOracle& oracle, const Position& root, Side winner) {
  const std::optional<RoundLayer> layer = build_round_layer(prover, oracle, root, winner);
  if (!layer) return std::nullopt;
  std::map<RoundStartKey, Position> guesses;
  for (const Position& start : layer->round_starts) {
    const RoundStartKey key = key_of(*round_start_of(start));
    if (oracle.guessed(key)) guesses.emplace(key, start);
  }
  return guesses;
}

// Proves who wins from `pos`, whose round is the run's `depth`: a master search that runs on
// guesses. A job it takes counts as its guess (the first mover wins) until proved, so that it
// goes on to the next job its proof would need if the guess held. After a batch of jobs it
// pauses (4 per hand that proves them): the jobs are proved (the first master's shared out among
// threads and ranks, a deeper master's by its own thread), and the master resumes. Most guesses hold. Where one does not (or
// a job is given back over its budget), what the master's table stored rests on a wrong guess:
// the table is cleared and the search starts again from the round-start table, which now holds
// the proved jobs. A value is returned only when every job it took is proved.
//
// Had the master instead kept taken jobs out of its way until proved (numbers so large that it
// looked elsewhere), it would have taken jobs no proof needed: on Gold to move at 2:1-0 from a
// set-up (docs/solver.md), 212 to 4 492 jobs as the batch went from 4 to 16, where on guesses
// it takes 180.
//
// The first master may plan instead (options.plans): it takes jobs without pausing until its root
// is decided on guesses, and the jobs proved are then exactly the guessed starts its proof rests
// on (guesses_of_proof), shared out as a batch. If every guess holds, the master resumes on its
// own table, finds its proof again with those starts proved, and is done; where one does not, it
// starts again from the round-start table and plans anew. A batch run's master takes the jobs of
// the lines it is trying when it pauses, and a large one, whose table forgets, tries many lines no
// proof keeps (docs/solver.md measures how many on the 2-point match). A plan's jobs are the
// proof's own, so the run ends after one plan's jobs when the guesses hold.
Decision Run::decide(const Position& pos, unsigned depth, bool share_jobs, std::uint64_t node_budget, const OnDecided& on_decided) {
  Decision d;
  const unsigned hands = std::max(1u, options_.threads) + (options_.far ? options_.far->count() : 0);
  const bool plans = share_jobs && options_.plans;
  // Its last rounds' jobs proved as it takes them where this thread would prove them anyway: not a
  // plan's (a plan proves none), not a master sharing them with other hands, not a certificate's
  // (its layer's walk asks for the jobs it takes again, as a batch).
  const bool at_once = !plans && (!share_jobs || hands == 1) && !on_decided;
  JobOracle oracle(*this, pos, depth, plans ? 0 : 4 * std::size_t(share_jobs ? hands : 1), options_.depth_prices, at_once);
  SolveLimits limits = master_limits(oracle);
  limits.nodes = node_budget;
  // The nodes are counted as the search goes (about once a second), not only when it returns: a
  // planning master searches for minutes before its first job, and the progress showed 0 nodes.
  std::uint64_t counted = 0;
  const auto count = [&](std::uint64_t nodes) {
    nodes_ += nodes - counted;
    d.nodes += nodes - counted;
    counted = nodes;
  };
  limits.progress = [&](const SolveProgress& p) { count(p.nodes); };
  const std::unique_ptr<TranspositionTable, TableReturn> table = lend_table();
  Prover prover(*table, limits);
  const Side mover = pos.side_to_move();
  // What its table stored rests on a guess that failed, a job given back, or a start it met that
  // proved won against its guess elsewhere: from the round-start table again, guesses forgotten.
  const auto start_again = [&] {
    table->clear();
    oracle.forget_guesses();
    ++restarts_;
  };
  ++masters_;
  for (;;) {
    const Proof proof = prover.prove(pos, {mover, Metric::Plies, kUnbounded, Aim::match()});
    count(prover.nodes());
    const bool decided = proof.proved || proof.disproved;
    if (!decided && (!prover.paused() || halted())) {  // stopped, or over its budget
      table->clear();                                  // it rests on guesses: no other master may start from it
      return d.over_budget = !halted(), d;
    }
    if (oracle.search_into_given_back() || (plans && decided && learnt_against_guess())) {
      oracle.take_batch();  // guesses it forgets, taken again if its next search needs them
      start_again();
      continue;
    }
    std::vector<std::pair<RoundStartKey, Position>> jobs = oracle.take_batch();
    if (plans && decided) {  // the plan: the guesses its proof rests on, not every job it took
      const std::optional<std::map<RoundStartKey, Position>> guesses = guesses_of_proof(prover, oracle, pos, proof.proved ? mover : ~mover);
      if (!guesses && !halted()) throw std::logic_error("by rounds: a decided master's proof could not be walked: " + to_kfen(pos));
      if (!guesses) return table->clear(), d;  // stopped
      jobs.assign(guesses->begin(), guesses->end());
      ++plans_;
    }
    if (decided && jobs.empty()) {  // every job its proof rests on is proved
      const Side winner = proof.proved ? mover : ~mover;
      if (!on_decided || on_decided(prover, oracle, winner)) {
        if (plans) table->clear();  // it still holds lines that rest on guesses no proof needed
        return d.winner = winner, d;
      }
      jobs = oracle.take_batch();
      if (jobs.empty() && !halted()) throw std::logic_error("by rounds: a decided master's proof could not be walked: " + to_kfen(pos));
      if (jobs.empty()) return table->clear(), d;  // stopped
    }
    took(depth + 1, jobs.size());
    std::vector<Decision> decided_jobs;
    prove_jobs(jobs, depth + 1, share_jobs, decided_jobs);
    bool wrong = false;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (decided_jobs[i].over_budget) {
        oracle.search_into(jobs[i].first);
        wrong = true;
      } else if (!decided_jobs[i].winner) {
        table->clear();
        return d;  // stopped
      } else {
        wrong = wrong || *decided_jobs[i].winner != guessed_match_winner(jobs[i].second);
      }
    }
    if (wrong) start_again();
  }
}

// The first master's search on guesses (decide), and its proof's guesses, none proved.
ByRoundsPlan Run::plan(const Position& root) {
  ByRoundsPlan plan;
  JobOracle oracle(*this, root, 1, 0, options_.depth_prices, false);
  SolveLimits limits = master_limits(oracle);
  if (options_.progress)  // the jobs taken as guesses so far, as queued
    limits.progress = [&](const SolveProgress& p) { options_.progress({p.seconds, 0, oracle.guesses(), 0, 0, table_.size(), p.nodes}); };
  const std::unique_ptr<TranspositionTable, TableReturn> table = lend_table();
  const auto searching = std::chrono::steady_clock::now();
  Prover prover(*table, limits);
  const Side mover = root.side_to_move();
  const Proof proof = prover.prove(root, {mover, Metric::Plies, kUnbounded, Aim::match()});
  plan.taken = oracle.guesses();
  if (proof.proved || proof.disproved)
    if (auto guesses = guesses_of_proof(prover, oracle, root, proof.proved ? mover : ~mover)) {
      plan.winner = proof.proved ? mover : ~mover;
      for (auto& [key, start] : *guesses) plan.jobs.push_back(start);
    }
  plan.search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - searching).count();
  table->clear();  // it rests on guesses
  plan.nodes = prover.nodes();
  plan.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  plan.table_size = table_.size();
  return plan;
}

void Run::check_leaf(const LayerItem& item, Side winner, const std::string& dir) const {
  if ((winner == item.pos.side_to_move()) == item.first_mover_wins) return;
  const auto side = [](bool first) { return first ? "the side moving first" : "the side moving second"; };
  const std::string proves = fmt::format("the round start {} must be won by {}, but its layer {} proves {} wins", to_kfen(item.pos),
                                         side(item.first_mover_wins), item.name, side(!item.first_mover_wins));
  if (item.parent_kept)
    throw InputError(
        fmt::format("{}/{}: a layer kept from an earlier run is wrong: {}; remove the folder's layers and run again", dir, item.parent, proves));
  if (file_.find(key_of(*round_start_of(item.pos))))
    throw InputError(fmt::format("{}: the table's value is wrong (damaged, forged or another program's): {}; run without it, or prove its starts "
                                 "again (the layers written so far are kept)",
                                 options_.table_path, proves),
                     "recheck-starts");
  throw std::logic_error(fmt::format("by rounds: a layer's leaf and the leaf's own layer disagree: {}", proves));
}

// The certificate, depth by depth (certify_by_rounds): each position's layer is its master's
// proof walked to the round's ends, and the next depth holds the starts those layers end at, each
// once. The root's jobs are shared among the threads; deeper, the threads share the positions.
ByRoundsCertificate Run::certify(const Position& root, LayerFolder& folder) {
  ByRoundsCertificate c;
  std::vector<LayerItem> level{{root, kRootLayer, "", false, false}};
  std::set<RoundStartKey> queued;
  for (unsigned depth = 1; !level.empty() && !halted(); ++depth) {
    std::vector<std::vector<Position>> leaves(level.size());
    std::vector<std::optional<Side>> winners(level.size());
    std::vector<char> kept_layers(level.size(), 0);
    std::mutex written_mutex;
    auto prove = [&](std::size_t i) {
      const LayerItem& item = level[i];
      if (std::optional<ProofTree> kept = folder.kept(item.name, item.pos)) {
        kept_layers[i] = 1;
        leaves[i] = layer_round_starts(*kept);
        winners[i] = kept->winner;
        std::lock_guard lock(written_mutex);
        ++c.kept, ++layers_;
        return;
      }
      const OnDecided write = [&](Prover& prover, const JobOracle& oracle, Side winner) {
        std::optional<RoundLayer> layer = build_round_layer(prover, oracle, item.pos, winner);
        if (!layer) return false;
        const std::uint64_t bytes = folder.write(item.name, layer->tree);
        const std::size_t nodes = layer->tree.nodes.size();
        leaves[i] = std::move(layer->round_starts);
        std::lock_guard lock(written_mutex);
        if (c.written.size() < depth) c.written.resize(depth);
        c.written[depth - 1].layers++, c.written[depth - 1].nodes += nodes, c.written[depth - 1].bytes += bytes;
        if (++layers_ == options_.max_layers) halt_ = true;
        return true;
      };
      winners[i] = decide(item.pos, depth, depth == 1, 0, write).winner;
      if (winners[i] && depth > 1) {
        const RoundStartKey key = key_of(*round_start_of(item.pos));
        if (!find(key)) add(key, item.pos, *winners[i], 0, depth);
      }
    };
    if (depth == 1) {
      prove(0);
    } else {
      const auto workers = unsigned(std::min<std::size_t>(std::max(1u, options_.threads), level.size()));
      run::for_each_item(
          level.size(), workers,
          [&](std::size_t i, unsigned) {
            if (halted()) return false;
            prove(i);
            return true;
          },
          [&] { halt_ = true; });
    }
    if (halted()) break;
    if (depth == 1) c.winner = winners[0];
    if (depth > 1)
      for (std::size_t i = 0; i < level.size(); ++i) check_leaf(level[i], *winners[i], folder.dir());
    level = next_depth(level, leaves, winners, kept_layers, queued, folder.dir());
  }
  folder.commit();
  if (halted()) c.winner.reset();
  c.nodes = nodes_;
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return c;
}

// The jobs of one master: on `options.threads` threads when `share`, else on this one.
void Run::prove_jobs(const std::vector<std::pair<RoundStartKey, Position>>& jobs, unsigned depth, bool share, std::vector<Decision>& out) {
  if (share && options_.tree) return prove_on_tree(jobs, depth, out);
  out.assign(jobs.size(), {});
  if (share) jobs_queued_ += jobs.size();
  // A far hand waits on its job in a thread of its own, which takes no core from the provers:
  // workers 1 to `far` are far hands, the others (the calling thread first) prove here.
  const unsigned threads = share ? std::max(1u, std::min<unsigned>(options_.threads, unsigned(jobs.size()))) : 1;
  const unsigned far = share && options_.far ? std::min<unsigned>(options_.far->count(), unsigned(jobs.size())) : 0;
  const auto job = [&](std::size_t i, unsigned worker) {
    if (halted()) return false;
    const auto& [key, start] = jobs[i];
    if (const std::optional<Side> w = proved_winner(key, start)) {
      out[i].winner = w;
    } else if (worker >= 1 && worker <= far) {
      out[i] = prove_far(start, depth);
      if (out[i].over_budget) over_budget(depth);
    } else {
      out[i] = prove_here(key, start, depth);
    }
    if (share) ++jobs_done_, --jobs_queued_;
    return true;
  };
  run::for_each_item(jobs.size(), threads + far, job, [&] { halt_ = true; });
}

// A master's jobs on the job tree: its one-round jobs proved here (a round search of some 10 ms
// costs less than the messages that would hand it out), the others handed out as one batch,
// whose values go into this process's table. A job left without a winner: stopped.
void Run::prove_on_tree(const std::vector<std::pair<RoundStartKey, Position>>& jobs, unsigned depth, std::vector<Decision>& out) {
  out.assign(jobs.size(), {});
  std::vector<std::size_t> handed;
  std::vector<Position> starts;
  for (std::size_t i = 0; i < jobs.size() && !halted(); ++i) {
    const auto& [key, start] = jobs[i];
    if (const std::optional<Side> w = proved_winner(key, start))
      out[i].winner = w;
    else if (one_round_job(start))
      out[i] = prove_here(key, start, depth);
    else
      handed.push_back(i), starts.push_back(start);
  }
  if (starts.empty() || halted()) return;
  const std::optional<std::vector<bool>> first_mover_wins = options_.tree->prove(starts, depth);
  if (!first_mover_wins) return;
  std::unique_lock lock(table_mutex_);
  for (std::size_t j = 0; j < handed.size(); ++j) {
    const auto& [key, start] = jobs[handed[j]];
    out[handed[j]].winner = (*first_mover_wins)[j] ? start.side_to_move() : ~start.side_to_move();
    if (!table_.find(key)) table_.add(key, {(*first_mover_wins)[j], std::nullopt, false, 0}, "the job tree");
  }
}

std::optional<Side> Run::proved_winner(const RoundStartKey& key, const Position& start) {
  const std::optional<RoundStartValue> v = find(key);
  if (!v) return std::nullopt;
  ++table_hits_;
  return winner_of(*round_start_of(start), *v);
}

Decision Run::prove_here(const RoundStartKey& key, const Position& start, unsigned depth) {
  const Decision d = decide(start, depth, false, last_round(start) ? options_.job_nodes : 0);
  if (d.winner) add(key, start, *d.winner, d.nodes, depth);
  if (d.over_budget) over_budget(depth);
  return d;
}

void Run::add(const RoundStartKey& key, const Position& start, Side winner, std::uint64_t nodes, unsigned depth) {
  const RoundStartValue value{winner == start.side_to_move(), std::nullopt, false, nodes};
  check_claim(key, value, to_kfen(start));
  {
    std::unique_lock lock(table_mutex_);
    table_.add(key, value, "the run");
    if (added_) added_->add(key, value);
  }
  {
    std::lock_guard lock(counts_mutex_);
    ++count(depth).proved;
  }
  counted_proved();
}

// A start proved by this run against what the table file claimed of it (options.recheck): a
// claim proved wrong refuses the file, which is then left as it was.
void Run::check_claim(const RoundStartKey& key, const RoundStartValue& proved, const std::string& start) {
  const std::optional<RoundStartValue> claim = claims_.find(key);
  if (!claim) return;
  if (claim->first_mover_wins == proved.first_mover_wins) {
    ++rechecked_;
    return;
  }
  refused_ = true;
  throw InputError(fmt::format(
      "{}: the round start {} is recorded as won by the side moving {}, but proved again it is won by the side moving {}: the table is wrong "
      "(damaged, forged or another program's); it was not written",
      options_.table_path, start, claim->first_mover_wins ? "first" : "second", proved.first_mover_wins ? "first" : "second"));
}

void Run::counted_proved() {
  if (++starts_proved_ == options_.max_jobs) halt_ = true;
  save_when_due();
}

// A job proved by a far hand: what it proved goes into the table and its counts into the run's.
Decision Run::prove_far(const Position& start, unsigned depth) {
  const FarJob far = options_.far->prove(start, depth, last_round(start) ? options_.job_nodes : 0, halt_);
  for (const auto& [key, value] : far.proved.entries()) check_claim(key, value, "of class " + key.hex());
  {
    std::unique_lock lock(table_mutex_);
    table_.merge(far.proved, "a far rank's job");
  }
  {
    std::lock_guard lock(used_mutex_);
    used_.merge(far.unchecked, "a far rank's job");
  }
  {
    std::lock_guard lock(counts_mutex_);
    for (std::size_t i = 0; i < far.rounds.size(); ++i) {
      RoundCount& c = count(unsigned(i + 1));
      c.jobs += far.rounds[i].jobs, c.proved += far.rounds[i].proved;
      c.searched_into += far.rounds[i].searched_into, c.known += far.rounds[i].known;
    }
  }
  nodes_ += far.nodes;
  masters_ += far.masters;
  ++far_jobs_;
  for (std::size_t i = 0; i < far.proved.size(); ++i) counted_proved();
  Decision d;
  d.winner = far.winner;
  d.over_budget = far.over_budget;
  return d;
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
      ByRoundsProgress p{t, jobs_done_, jobs_queued_, starts_proved_, layers_, 0, nodes_};
      {
        std::shared_lock table_lock(table_mutex_);
        p.table_size = table_.size();
      }
      options_.progress(p);
    }
  }
}

}  // namespace

namespace {

// Runs `work` with the run's reporter on a thread of its own (the stop, the time limit, the
// progress), ended however `work` ends.
template <class Work>
auto reported(Run& run, Work work) {
  struct Reporter {
    Run& run;
    std::thread thread{[this] { run.report_until_done(); }};
    ~Reporter() {
      run.finish();
      thread.join();
    }
  } reporter{run};
  return work();
}

void refuse_single_round(const Position& root) {
  if (!root.match().is_match()) throw InputError("by rounds: the position is a single round, not a match (give it a match field, e.g. '2:0-0')");
}

// The run's table file, locked for the run and read if it is there: into `table` and into the
// run as read back (unchecked), or into the run as claims alone (options.recheck).
std::optional<io::RunLock> open_table(RoundStartTable& table, Run& run, const ByRoundsOptions& options) {
  std::optional<io::RunLock> lock;
  if (!options.table_path.empty()) {
    lock.emplace(io::RunLock::on_file(options.table_path, "solve --by-rounds"));
    if (round_start_table_exists(options.table_path)) {  // a run on ranks' shards too
      const RoundStartTable file = read_round_starts_and_shards(options.table_path);
      if (!options.recheck) table.merge(file, options.table_path);
      run.read_back(file);
    }
  }
  return lock;
}

}  // namespace

ByRoundsResult solve_by_rounds(const Position& root, RoundStartTable& table, const ByRoundsOptions& options) {
  refuse_single_round(root);
  Run run(table, options);
  const std::optional<io::RunLock> lock = open_table(table, run, options);
  const std::size_t read = table.size();
  Decision d;
  try {
    d = reported(run, [&] {
      Decision root_decision;
      if (auto w = decided(Aim::match(), root)) return root_decision.winner = *w, root_decision;
      return run.decide(root, 1, true);
    });
  } catch (...) {
    try {
      run.save();                      // what was proved before the fault is kept
    } catch (const std::exception&) {  // the first fault is the one to name
    }
    throw;
  }
  run.save();
  ByRoundsResult r = run.result(d.winner);
  r.table_read = read;
  return r;
}

ByRoundsCertificate certify_by_rounds(const Position& root, RoundStartTable& table, const std::string& dir, const ByRoundsOptions& options) {
  refuse_single_round(root);
  Run run(table, options);
  const std::optional<io::RunLock> lock = open_table(table, run, options);
  LayerFolder folder(dir, options.checkpoint_seconds);
  ByRoundsCertificate c;
  try {
    c = reported(run, [&] { return run.certify(root, folder); });
  } catch (...) {
    // What was proved and the layers written before the fault are whole: keep them, unless the
    // fault is the disk's (then the first error is the one to name, not a second one here).
    try {
      run.save();
      folder.commit();
    } catch (const std::exception&) {
    }
    throw;
  }
  run.save();
  return c;
}

ByRoundsPlan plan_by_rounds(const Position& root, RoundStartTable& table, const ByRoundsOptions& options) {
  refuse_single_round(root);
  ByRoundsOptions o = options;
  o.table_path.clear();
  o.progress_seconds = 1e9;  // the search reports instead (Run::plan)
  Run run(table, o);
  return reported(run, [&] { return run.plan(root); });
}

namespace {

// A job's answer for the process that handed it out: its winner and what its searches cost.
void answered(FarJob& far, const Run& run, const Decision& d) {
  const ByRoundsResult r = run.result(d.winner);
  far.winner = d.winner;
  far.over_budget = d.over_budget;
  far.masters = r.masters;
  far.nodes = r.nodes;
  far.rounds = r.rounds;
}

}  // namespace

FarJob prove_tree_job(const Position& start, unsigned depth, RoundStartTable& table, const ByRoundsOptions& options) {
  ByRoundsOptions o = options;
  o.table_path.clear(), o.threads = 1, o.far = nullptr, o.max_jobs = 0, o.recheck = false, o.plans = true, o.progress = nullptr;
  o.seconds = 0;  // rank 0 keeps the run's time, and stops the job through options.stop
  Run run(table, o);
  FarJob far;
  run.record(&far.proved);
  const Decision d = reported(run, [&] {
    if (const std::optional<Side> w = decided(Aim::match(), start)) return Decision{w, 0, false};
    const Decision job = run.decide(start, depth, true);
    if (job.winner && round_start_of(start)) run.add(key_of(*round_start_of(start)), start, *job.winner, job.nodes, depth);
    return job;
  });
  answered(far, run, d);
  return far;
}

FarJob prove_far_job(const Position& start, unsigned depth, std::uint64_t node_budget, RoundStartTable& table, const RoundStartTable& read_back,
                     const ByRoundsOptions& options) {
  ByRoundsOptions o = options;
  o.table_path.clear(), o.threads = 1, o.far = nullptr, o.max_jobs = 0, o.recheck = false;
  Run run(table, o);
  run.read_back(read_back);
  FarJob far;
  run.record(&far.proved);
  const Decision d = reported(run, [&] {
    const Decision job = run.decide(start, depth, false, node_budget);
    if (job.winner) run.add(key_of(*round_start_of(start)), start, *job.winner, job.nodes, depth);
    return job;
  });
  far.unchecked = run.unchecked_used();
  answered(far, run, d);
  return far;
}

}  // namespace kamisado::solver
