#include "src/run/job_tree.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <stdexcept>
#include <unordered_map>

#include <mpi.h>

#include "src/kamisado/errors.h"
#include "src/run/mpi_runner.h"

namespace kamisado::run {

namespace {

// splitmix64's finaliser: a key's bits spread evenly over the owners, whatever made the key.
std::uint64_t mix(std::uint64_t k) {
  k ^= k >> 30, k *= 0xbf58476d1ce4e5b9ULL;
  k ^= k >> 27, k *= 0x94d049bb133111ebULL;
  return k ^ (k >> 31);
}

struct KeyHash {
  std::size_t operator()(const TreeKey& k) const { return std::size_t(mix(k.hi ^ mix(k.lo))); }
};

enum Tag : int { kClaim = 31, kClaimed, kProved, kValue, kQueue, kAsk, kGive, kStop, kFailed, kLookUp, kLookedUp, kEnd };
// A message of records is cut at this size, so that any message fits the posted receive (Post),
// an answer to a claim (10 bytes a key of 8) included.
constexpr std::size_t kMessage = 32 * 1024;
enum Kind : std::uint8_t { kYours = 0, kWait = 1, kKnown = 2 };

void put_job(std::string& out, const TreeJob& job) {
  put(out, job.key), put(out, job.level), put(out, std::uint32_t(job.payload.size()));
  out += job.payload;
}
TreeJob take_job(const std::string& in, std::size_t& at) {
  TreeJob job;
  job.key = take<TreeKey>(in, at), job.level = take<std::uint32_t>(in, at);
  const auto size = take<std::uint32_t>(in, at);
  if (size > in.size() - at) throw std::runtime_error("a message between ranks is cut short");
  job.payload = in.substr(at, size);
  at += size;
  return job;
}

// Messages out and in. A send does not wait: its bytes are kept until MPI is done with them, so
// two ranks sending to each other never wait on each other.
class Post {
 public:
  explicit Post(MPI_Comm comm) : comm_(comm) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &ranks_);
  }
  MPI_Comm comm() const { return comm_; }
  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  void send(int to, Tag tag, std::string bytes) {
    Send& s = sends_.emplace_back();
    s.bytes = std::make_unique<std::string>(std::move(bytes));
    ++messages, this->bytes += s.bytes->size();
    MPI_Isend(s.bytes->data(), int(s.bytes->size()), MPI_CHAR, to, tag, comm_, &s.request);
  }
  void progress() {
    std::erase_if(sends_, [](Send& s) {
      int done = 0;
      MPI_Test(&s.request, &done, MPI_STATUS_IGNORE);
      return done != 0;
    });
  }
  bool sent() const { return sends_.empty(); }
  // The next message, if one is waiting (or, with `block`, once one comes). A receive is always
  // posted, into a buffer that holds any message (Outbox keeps them under kMessage): waiting on
  // it is a wait, where MPI_Probe in SMPI polls every 0.1 ms of simulated time.
  bool receive(int& source, int& tag, std::string& bytes, bool block) {
    post();
    MPI_Status status;
    int done = 1;
    if (block)
      MPI_Wait(&posted_, &status);
    else
      MPI_Test(&posted_, &done, &status);
    if (!done) return false;
    return take(status, source, tag, bytes);
  }
  // Blocks until a message comes (true: it is in `bytes`) or `other`, an MPI_Request*, completes.
  bool wait(void* other, int& source, int& tag, std::string& bytes) {
    post();
    MPI_Request both[2] = {posted_, *static_cast<MPI_Request*>(other)};
    MPI_Status status;
    int which = 0;
    MPI_Waitany(2, both, &which, &status);
    posted_ = both[0], *static_cast<MPI_Request*>(other) = both[1];
    return which == 0 && take(status, source, tag, bytes);
  }
  // The posted receive completed (by a message to itself, if no other comes), before MPI ends.
  void close() {
    if (posted_ == MPI_REQUEST_NULL) return;
    char none = 0;
    MPI_Request self;
    MPI_Isend(&none, 0, MPI_CHAR, rank_, kEnd, comm_, &self);
    MPI_Wait(&posted_, MPI_STATUS_IGNORE);
    MPI_Wait(&self, MPI_STATUS_IGNORE);
  }
  std::uint64_t messages = 0, bytes = 0;

 private:
  struct Send {
    MPI_Request request;
    std::unique_ptr<std::string> bytes;
  };
  void post() {
    if (posted_ == MPI_REQUEST_NULL) MPI_Irecv(inbox_.data(), int(inbox_.size()), MPI_CHAR, MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &posted_);
  }
  bool take(const MPI_Status& status, int& source, int& tag, std::string& bytes) {
    posted_ = MPI_REQUEST_NULL;
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    bytes.assign(inbox_.data(), std::size_t(length));
    source = status.MPI_SOURCE, tag = status.MPI_TAG;
    return true;
  }

  MPI_Comm comm_;
  int rank_ = 0, ranks_ = 1;
  std::deque<Send> sends_;
  std::vector<char> inbox_ = std::vector<char>(2 * kMessage);
  MPI_Request posted_ = MPI_REQUEST_NULL;
};

// Records grouped by the rank they go to, in messages of kMessage at most, sent together.
struct Outbox {
  std::map<int, std::vector<std::string>> to;
  std::string& room(int rank) {
    std::vector<std::string>& messages = to[rank];
    if (messages.empty() || messages.back().size() >= kMessage) messages.emplace_back();
    return messages.back();
  }
  void flush(Post& post, Tag tag) {
    for (auto& [rank, messages] : to)
      for (std::string& bytes : messages) post.send(rank, tag, std::move(bytes));
    to.clear();
  }
};

std::string encode(const TreeRankStats& s, const std::vector<std::pair<std::uint32_t, TreeKey>>& proved) {
  std::string out;
  put(out, std::uint32_t(s.jobs.size()));
  for (std::uint64_t n : s.jobs) put(out, n);
  put(out, s.busy_seconds), put(out, s.messages), put(out, s.bytes), put(out, s.shard_starts);
  put(out, s.claims), put(out, s.found_proved), put(out, s.waited), put(out, s.suspended_peak);
  put(out, s.restored), put(out, s.restored_used), put(out, s.searches), put(out, s.nodes);
  put(out, s.looked_up), put(out, s.looked_up_proved);
  put(out, std::uint64_t(proved.size()));
  for (const auto& [level, key] : proved) put(out, level), put(out, key);
  return out + s.failure;
}
TreeRankStats decode(const std::string& in, std::vector<std::pair<std::uint32_t, TreeKey>>& proved) {
  TreeRankStats s;
  std::size_t at = 0;
  s.jobs.resize(take<std::uint32_t>(in, at));
  for (std::uint64_t& n : s.jobs) n = take<std::uint64_t>(in, at);
  s.busy_seconds = take<double>(in, at), s.messages = take<std::uint64_t>(in, at), s.bytes = take<std::uint64_t>(in, at);
  s.shard_starts = take<std::uint64_t>(in, at), s.claims = take<std::uint64_t>(in, at), s.found_proved = take<std::uint64_t>(in, at);
  s.waited = take<std::uint64_t>(in, at), s.suspended_peak = take<std::uint64_t>(in, at);
  s.restored = take<std::uint64_t>(in, at), s.restored_used = take<std::uint64_t>(in, at);
  s.searches = take<std::uint64_t>(in, at), s.nodes = take<std::uint64_t>(in, at);
  s.looked_up = take<std::uint64_t>(in, at), s.looked_up_proved = take<std::uint64_t>(in, at);
  for (auto n = take<std::uint64_t>(in, at); n > 0; --n) {
    const auto level = take<std::uint32_t>(in, at);
    proved.emplace_back(level, take<TreeKey>(in, at));
  }
  s.failure = in.substr(at);
  return s;
}

// A rank other than 0: proves jobs and owns a shard (the file's comment).
class Prover {
 public:
  Prover(Post& post, TreeWork& work, double quantum) : post_(post), work_(work), quantum_(quantum) {}

  // Until rank 0 says stop.
  void run() {
    for (const TreeValue& v : work_.begin(post_.rank(), post_.ranks())) {
      Entry& e = shard_[v.key];
      if (e.proved) continue;
      e.proved = e.restored = true, e.value = v.value;
      ++stats.restored, stats.shard_starts += v.weight;
    }
    saved_ = MPI_Wtime(), restored_ = true;
    int source = 0, tag = 0;
    std::string bytes;
    while (!stopped_) {
      if (work_.save_seconds() > 0 && MPI_Wtime() - saved_ >= work_.save_seconds()) save();
      bool busy = false;
      while (!stopped_ && post_.receive(source, tag, bytes, false)) handle(source, tag, bytes), busy = true;
      if (stopped_) break;
      for (TreeEvent& e : work_.events()) on_event(e), busy = true;
      busy = start_jobs() || busy;
      post_.progress();
      if (busy) continue;
      if (work_.wake() && work_.block_when_idle()) {
        if (post_.wait(work_.wake(), source, tag, bytes)) handle(source, tag, bytes);
      } else if (running_.empty() && work_.block_when_idle()) {
        if (post_.receive(source, tag, bytes, true)) handle(source, tag, bytes);
      } else {
        work_.idle(quantum_);
      }
    }
  }
  // The proved starts of its shard, to the work to keep (the file's comment); never before the
  // shard was given back whole, lest a failed restore's save lose what an earlier run saved.
  void save() {
    if (!restored_) return;
    std::vector<TreeValue> shard;
    for (const auto& [key, e] : shard_)
      if (e.proved) shard.push_back({key, e.value, 1});
    work_.save(shard);
    saved_ = MPI_Wtime();
  }
  TreeRankStats stats;
  std::vector<std::pair<std::uint32_t, TreeKey>> proved;

 private:
  struct Running {
    TreeJob job;
    double since = 0;
  };
  struct Paused {
    TreeJob job;
    std::vector<TreeKey> keys;
    std::vector<std::uint8_t> values;
    std::vector<char> have;
    std::size_t missing = 0;
  };
  struct Entry {  // a start of this rank's shard
    bool proved = false;
    bool restored = false, used = false;  // given back by TreeWork::begin; claimed since
    std::uint8_t value = 0;
    std::vector<int> claimers;  // to be sent its value
  };

  void handle(int source, int tag, const std::string& in) {
    std::size_t at = 0;
    if (tag == kClaim) {
      Outbox reply;
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        const auto [kind, value] = claim(key, source);
        std::string& out = reply.room(source);
        put(out, key), put(out, std::uint8_t(kind)), put(out, value);
      }
      reply.flush(post_, kClaimed);
    } else if (tag == kClaimed) {
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        const auto kind = take<std::uint8_t>(in, at);
        on_claimed(key, Kind(kind), take<std::uint8_t>(in, at));
      }
      queue_.flush(post_, kQueue);
    } else if (tag == kProved) {
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        const auto value = take<std::uint8_t>(in, at);
        on_proved(key, value, take<std::uint64_t>(in, at));
      }
      values_.flush(post_, kValue);
    } else if (tag == kValue) {
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        learn(key, take<std::uint8_t>(in, at));
      }
    } else if (tag == kLookUp) {
      Outbox reply;
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        std::string& out = reply.room(source);
        put(out, key), put(out, shard_value(key));
      }
      reply.flush(post_, kLookedUp);
    } else if (tag == kLookedUp) {
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        on_looked_up(key, take<std::uint8_t>(in, at));
      }
    } else if (tag == kGive) {
      while (at < in.size()) mine_.push_back(take_job(in, at));
      asked_ = false;
    } else if (tag == kStop) {
      stopped_ = true;
    }
  }

  // The owner's side: who proves `key`, as `from` asks.
  std::pair<Kind, std::uint8_t> claim(const TreeKey& key, int from) {
    auto [it, fresh] = shard_.try_emplace(key);
    Entry& e = it->second;
    if (e.proved && e.restored && !e.used) e.used = true, ++stats.restored_used;
    if (e.proved) return {kKnown, e.value};
    if (std::find(e.claimers.begin(), e.claimers.end(), from) == e.claimers.end()) e.claimers.push_back(from);
    return {fresh ? kYours : kWait, 0};
  }
  // The owner's side of a look-up: the value if its shard holds it proved, and nothing recorded.
  std::uint8_t shard_value(const TreeKey& key) {
    const auto it = shard_.find(key);
    if (it == shard_.end() || !it->second.proved) return kNotProved;
    Entry& e = it->second;
    if (e.restored && !e.used) e.used = true, ++stats.restored_used;
    return e.value;
  }
  void on_proved(const TreeKey& key, std::uint8_t value, std::uint64_t weight) {
    Entry& e = shard_[key];
    if (e.proved) return;  // a start proved inside two jobs: counted once
    e.proved = true, e.value = value;
    stats.shard_starts += weight;
    for (int rank : e.claimers) {
      if (rank == post_.rank()) {
        learn(key, value);
      } else {
        std::string& out = values_.room(rank);
        put(out, key), put(out, value);
      }
    }
    std::vector<int>().swap(e.claimers);
  }

  // The claimer's side: the owner's answer for a start of a paused job.
  void on_claimed(const TreeKey& key, Kind kind, std::uint8_t value) {
    const auto it = claimed_.find(key);
    if (it == claimed_.end()) throw std::logic_error("job tree: an answer to a claim this rank did not make");
    TreeJob job = std::move(it->second);
    claimed_.erase(it);
    if (kind == kKnown) {
      ++stats.found_proved;
      learn(key, value);
    } else if (kind == kWait) {
      ++stats.waited;
    } else if (running_.size() + mine_.size() < work_.slots()) {
      mine_.push_back(std::move(job));
    } else {
      put_job(queue_.room(0), job);
    }
  }
  // A start's value, for every paused job of this rank that waits on it.
  void learn(const TreeKey& key, std::uint8_t value) {
    known_[key] = value;
    const auto it = waiting_.find(key);
    if (it == waiting_.end()) return;
    for (std::uint64_t id : it->second) {
      Paused& p = paused_.at(id);
      for (std::size_t i = 0; i < p.keys.size(); ++i)
        if (p.keys[i] == key && !p.have[i]) p.have[i] = 1, p.values[i] = value, --p.missing;
      if (p.missing == 0 && std::find(resumable_.begin(), resumable_.end(), id) == resumable_.end()) resumable_.push_back(id);
    }
    waiting_.erase(it);
  }

  // A running job asks the values of `keys` (A START IS LOOKED UP): from what this rank learnt or
  // owns at once, else one message per owner; the job goes on meanwhile.
  void look_up(std::uint64_t id, const std::vector<TreeKey>& keys) {
    Outbox asks;
    for (const TreeKey& key : keys) {
      ++stats.looked_up;
      if (const auto known = known_.find(key); known != known_.end()) {
        on_looked_up(id, key, known->second);
        continue;
      }
      const int owner = owner_of(key, post_.ranks());
      if (owner == post_.rank()) {
        on_looked_up(id, key, shard_value(key));
        continue;
      }
      std::vector<std::uint64_t>& askers = looking_[key];
      if (askers.empty()) put(asks.room(owner), key);
      askers.push_back(id);
    }
    asks.flush(post_, kLookUp);
  }
  void on_looked_up(const TreeKey& key, std::uint8_t value) {
    const auto it = looking_.find(key);
    if (it == looking_.end()) throw std::logic_error("job tree: an answer to a look-up this rank did not make");
    if (value != kNotProved) known_[key] = value;
    const std::vector<std::uint64_t> askers = std::move(it->second);
    looking_.erase(it);
    for (std::uint64_t id : askers) on_looked_up(id, key, value);
  }
  void on_looked_up(std::uint64_t id, const TreeKey& key, std::uint8_t value) {
    stats.looked_up_proved += value != kNotProved;
    work_.looked_up(id, key, value);
  }

  void on_event(TreeEvent& e) {
    const auto it = running_.find(e.id);
    if (it == running_.end()) throw std::logic_error("job tree: an event of a job not running");
    if (!e.done && !e.look_up.empty()) return look_up(e.id, e.look_up);
    TreeJob job = std::move(it->second.job);
    stats.busy_seconds += MPI_Wtime() - it->second.since;
    running_.erase(it);
    if (e.done) return finish(job, e);
    Paused& p = paused_[e.id];
    p.job = std::move(job);
    p.values.assign(e.batch.size(), 0), p.have.assign(e.batch.size(), 0);
    Outbox claims;
    std::vector<TreeKey> mine;  // starts of this rank's own shard, claimed once the batch is counted
    for (std::size_t i = 0; i < e.batch.size(); ++i) {
      TreeJob& start = e.batch[i];
      p.keys.push_back(start.key);
      ++stats.claims;
      if (const auto known = known_.find(start.key); known != known_.end()) {
        p.have[i] = 1, p.values[i] = known->second, ++stats.found_proved;
        continue;
      }
      ++p.missing;
      std::vector<std::uint64_t>& waiters = waiting_[start.key];
      const bool claimed = !waiters.empty();
      waiters.push_back(e.id);
      if (claimed) continue;  // claimed already by this rank, for this job or another
      const int owner = owner_of(start.key, post_.ranks());
      if (owner == post_.rank())
        mine.push_back(start.key);
      else
        put(claims.room(owner), start.key);
      claimed_.emplace(start.key, std::move(start));
    }
    stats.suspended_peak = std::max<std::uint64_t>(stats.suspended_peak, paused_.size());
    for (const TreeKey& key : mine) {
      const auto [kind, value] = claim(key, post_.rank());
      on_claimed(key, kind, value);
    }
    if (p.missing == 0 && std::find(resumable_.begin(), resumable_.end(), e.id) == resumable_.end()) resumable_.push_back(e.id);
    claims.flush(post_, kClaim);
    queue_.flush(post_, kQueue);
  }

  void finish(const TreeJob& job, const TreeEvent& e) {
    if (stats.jobs.size() < job.level) stats.jobs.resize(job.level);
    ++stats.jobs[job.level - 1];
    stats.searches += e.searches, stats.nodes += e.nodes;
    proved.emplace_back(job.level, job.key);
    Outbox owners;
    const auto tell = [&](const TreeKey& key, std::uint8_t value, std::uint64_t weight) {
      const int owner = owner_of(key, post_.ranks());
      if (owner == post_.rank()) return on_proved(key, value, weight);
      std::string& out = owners.room(owner);
      put(out, key), put(out, value), put(out, weight);
    };
    tell(job.key, e.value, 1);
    for (const TreeValue& a : e.also) tell(a.key, a.value, a.weight);
    owners.flush(post_, kProved);
    values_.flush(post_, kValue);
  }

  // Starts what it can: paused jobs whose batch is proved first (their tables are held), then
  // its own jobs; asks rank 0 for more while a slot is free.
  bool start_jobs() {
    bool any = false;
    while (running_.size() < work_.slots() && !resumable_.empty()) {
      const std::uint64_t id = resumable_.front();
      resumable_.pop_front();
      Paused p = std::move(paused_.at(id));
      paused_.erase(id);
      running_[id] = {std::move(p.job), MPI_Wtime()};
      work_.resume(id, p.values);
      any = true;
    }
    while (running_.size() < work_.slots() && !mine_.empty()) {
      const std::uint64_t id = ++last_id_;
      running_[id] = {std::move(mine_.front()), MPI_Wtime()};
      mine_.pop_front();
      work_.start(id, running_[id].job);
      any = true;
    }
    if (running_.size() < work_.slots() && !asked_) {
      std::string ask;
      put(ask, std::uint32_t(work_.slots() - running_.size()));
      post_.send(0, kAsk, std::move(ask));
      asked_ = true;
    }
    return any;
  }

  Post& post_;
  TreeWork& work_;
  const double quantum_;
  bool stopped_ = false, asked_ = false;
  std::uint64_t last_id_ = 0;
  bool restored_ = false;  // TreeWork::begin returned
  double saved_ = 0;       // MPI_Wtime of the last save
  std::unordered_map<std::uint64_t, Running> running_;
  std::unordered_map<std::uint64_t, Paused> paused_;
  std::deque<std::uint64_t> resumable_;
  std::unordered_map<TreeKey, std::vector<std::uint64_t>, KeyHash> waiting_;  // start -> paused jobs (ids)
  std::unordered_map<TreeKey, TreeJob, KeyHash> claimed_;                     // claims not answered yet
  std::unordered_map<TreeKey, std::uint8_t, KeyHash> known_;                  // values this rank learnt
  std::unordered_map<TreeKey, std::vector<std::uint64_t>, KeyHash> looking_;  // start looked up -> the jobs asking
  std::unordered_map<TreeKey, Entry, KeyHash> shard_;
  std::deque<TreeJob> mine_;
  Outbox queue_, values_;
};

// Rank 0: the queue, the root's claim and the end of the run (the file's comment).
class Coordinator {
 public:
  Coordinator(Post& post, TreeWork& work, const std::atomic<bool>* user_stop, const std::function<void(const TreeProgress&)>& progress,
              double progress_seconds)
      : post_(post), work_(work), user_stop_(user_stop), progress_(progress), progress_seconds_(progress_seconds) {}

  void run(const TreeJob& root) {
    root_ = root;
    std::string claim;
    put(claim, root.key);
    post_.send(owner_of(root.key, post_.ranks()), kClaim, std::move(claim));
    int source = 0, tag = 0;
    std::string bytes;
    const double began = MPI_Wtime();
    double reported = began;
    while (!over_) {
      if (user_stop_ && user_stop_->load()) break;
      if (progress_ && MPI_Wtime() - reported >= progress_seconds_) {
        reported = MPI_Wtime();
        progress_({reported - began, handed_out_, queue_.size()});
      }
      if (post_.receive(source, tag, bytes, work_.block_when_idle()))
        handle(source, tag, bytes);
      else
        work_.idle(0.002);
      post_.progress();
    }
    stop();
  }
  void stop() {
    for (int r = 1; r < post_.ranks(); ++r) post_.send(r, kStop, {});
  }
  std::optional<std::uint8_t> value;
  std::string failure;
  std::uint64_t queue_peak = 0;

 private:
  void handle(int source, int tag, const std::string& in) {
    std::size_t at = 0;
    if (tag == kClaimed) {  // the root's owner
      const auto key = take<TreeKey>(in, at);
      const auto kind = take<std::uint8_t>(in, at);
      const auto v = take<std::uint8_t>(in, at);
      if (key != root_.key) return;
      if (kind == kKnown) value = v, over_ = true;
      if (kind == kYours) enqueue(root_);
    } else if (tag == kValue) {
      while (at < in.size()) {
        const auto key = take<TreeKey>(in, at);
        const auto v = take<std::uint8_t>(in, at);
        if (key == root_.key) value = v, over_ = true;
      }
    } else if (tag == kQueue) {
      while (at < in.size()) enqueue(take_job(in, at));
    } else if (tag == kAsk) {
      asks_.emplace_back(source, take<std::uint32_t>(in, at));
    } else if (tag == kFailed) {
      if (failure.empty()) failure = "rank " + std::to_string(source) + ": " + in;
      over_ = true;
    }
    serve();
  }
  void enqueue(TreeJob job) {
    queue_.emplace(std::pair{job.level, ++seq_}, std::move(job));
    queue_peak = std::max<std::uint64_t>(queue_peak, queue_.size());
  }
  void serve() {
    while (!asks_.empty() && !queue_.empty()) {
      auto [rank, slots] = asks_.front();
      asks_.pop_front();
      std::string give;
      for (; slots > 0 && !queue_.empty() && give.size() < kMessage; --slots) {
        put_job(give, queue_.begin()->second);
        queue_.erase(queue_.begin());
        ++handed_out_;
      }
      post_.send(rank, kGive, std::move(give));
    }
  }

  Post& post_;
  TreeWork& work_;
  const std::atomic<bool>* user_stop_;
  const std::function<void(const TreeProgress&)>& progress_;
  const double progress_seconds_;
  TreeJob root_;
  std::uint64_t handed_out_ = 0;
  bool over_ = false;
  std::uint64_t seq_ = 0;
  std::map<std::pair<std::uint32_t, std::uint64_t>, TreeJob> queue_;  // (level, order): shallowest first
  std::deque<std::pair<int, std::uint32_t>> asks_;                    // (rank, free slots)
};

// After the stop: every message drained until every rank's sends are done (so that no send is
// left waiting on a rank that has stopped receiving), then each rank's stats gathered on rank 0.
void drain(Post& post, TreeWork& work) {
  int source = 0, tag = 0;
  std::string bytes;
  MPI_Request barrier;
  bool entered = false;
  for (;;) {
    while (post.receive(source, tag, bytes, false)) {
    }
    post.progress();
    if (!entered && post.sent()) {
      MPI_Ibarrier(post.comm(), &barrier);
      entered = true;
    }
    if (entered) {
      int done = 0;
      MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
      if (done) return;
    }
    work.idle(0.001);
  }
}

// Every rank's stats and jobs proved, on rank 0 (into `result`; nullptr on the others).
void gather(Post& post, const std::string& mine, TreeRunResult* result) {
  int size = int(mine.size());
  std::vector<int> sizes(std::size_t(post.ranks())), at(std::size_t(post.ranks()));
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, post.comm());
  std::string all;
  if (result) {
    for (std::size_t r = 0, total = 0; r < sizes.size(); ++r) at[r] = int(total), total += std::size_t(sizes[r]);
    all.resize(std::size_t(at.back() + sizes.back()));
  }
  MPI_Gatherv(mine.data(), size, MPI_CHAR, all.data(), sizes.data(), at.data(), MPI_CHAR, 0, post.comm());
  if (!result) return;
  for (std::size_t r = 1; r < sizes.size(); ++r) result->ranks[r] = decode(all.substr(std::size_t(at[r]), std::size_t(sizes[r])), result->proved);
}

}  // namespace

int owner_of(const TreeKey& key, int ranks) { return 1 + int(KeyHash()(key) % std::size_t(ranks - 1)); }

std::optional<TreeRunResult> run_job_tree(const TreeJob& root, TreeWork& work, double quantum, const std::atomic<bool>* user_stop,
                                          const std::function<void(const TreeProgress&)>& progress, double progress_seconds,
                                          const void* communicator) {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);  // only the main thread calls MPI
  }
  Post post(communicator ? *static_cast<const MPI_Comm*>(communicator) : MPI_COMM_WORLD);
  if (post.ranks() < 2) {
    if (!initialised) MPI_Finalize();
    throw InputError("a job tree across MPI ranks needs 2 ranks or more (mpirun -np N, N >= 2)", "mpi");
  }
  const double began = MPI_Wtime();
  std::optional<TreeRunResult> result;
  if (post.rank() == 0) {
    Coordinator c(post, work, user_stop, progress, progress_seconds);
    try {
      work.begin(0, post.ranks());
    } catch (const std::exception& e) {
      c.failure = std::string("rank 0: ") + e.what();
    }
    if (c.failure.empty())
      c.run(root);
    else
      c.stop();
    result.emplace();
    result->seconds = MPI_Wtime() - began;
    result->value = c.value;
    result->queue_peak = c.queue_peak;
    result->ranks.resize(std::size_t(post.ranks()));
    drain(post, work);
    gather(post, {}, &*result);
    post.close();
    result->ranks[0].messages = post.messages, result->ranks[0].bytes = post.bytes;
    std::sort(result->proved.begin(), result->proved.end());
    if (!initialised) MPI_Finalize();
    if (!c.failure.empty()) throw InputError(c.failure);
    for (std::size_t r = 1; r < result->ranks.size(); ++r)
      if (!result->ranks[r].failure.empty()) throw InputError("rank " + std::to_string(r) + ": " + result->ranks[r].failure);
    return result;
  }
  Prover p(post, work, quantum);
  std::string failure;
  try {
    p.run();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (!failure.empty()) {  // told to rank 0, which stops the run
    post.send(0, kFailed, failure);
    int source = 0, tag = 0;
    std::string bytes;
    while (!(post.receive(source, tag, bytes, false) && tag == kStop)) post.progress(), work.idle(0.002);
  }
  try {  // what the shard proved is kept, a failed run's too; a failure of its own goes with the stats
    p.save();
  } catch (const std::exception& e) {
    if (failure.empty()) p.stats.failure = e.what();
  }
  drain(post, work);
  p.stats.messages = post.messages, p.stats.bytes = post.bytes;
  gather(post, encode(p.stats, p.proved), nullptr);
  post.close();
  if (!initialised) MPI_Finalize();
  return std::nullopt;
}

}  // namespace kamisado::run
