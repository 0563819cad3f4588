#include "app/serve/api.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <list>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "app/present/board_answers.h"
#include "app/present/one_line.h"
#include "app/serve/book_files.h"
#include "solver/analysis/analysis.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/solve_request.h"
#include "solver/search/goal.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::serve {

Answer error_answer(int status, const std::string& message) { return {status, nlohmann::json{{"error", message}}.dump(), "application/json", 0}; }

namespace {

// A request's parameters, checked: any fault is a 400 naming the parameter.
struct BadRequest {
  std::string message;
};

Position kfen_of(const Params& p) {
  auto it = p.find("kfen");
  if (it == p.end() || it->second.empty()) throw BadRequest{"kfen is missing: give kfen=<KFEN> (rules.md §6)"};
  if (it->second.size() > 200) throw BadRequest{"kfen is longer than any KFEN (200 characters)"};
  try {
    return parse_kfen(it->second);
  } catch (const std::exception& e) {
    throw BadRequest{std::string("kfen: ") + e.what()};
  }
}

solver::Aim aim_of(const Params& p, const Position& pos) {
  auto it = p.find("goal");
  try {
    return solver::parse_aim(it == p.end() ? "round" : it->second, pos);
  } catch (const InputError& e) {
    throw BadRequest{present::one_line(e, "")};
  }
}

// A whole number in [1, cap], or `fallback` if absent.
// A budget (nodes, ms) in whole decimal digits, 1 or more: "0x10", "1e3", "1.5" and "+5" are
// refused, not read as something the client may not have meant. Past `cap` it is the cap.
double number_of(const Params& p, const std::string& name, double fallback, double cap) {
  auto it = p.find(name);
  if (it == p.end()) return fallback;
  const std::string& text = it->second;
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  std::uint64_t v = 0;
  const std::errc ec = digits ? std::from_chars(text.data(), text.data() + text.size(), v).ec : std::errc::invalid_argument;
  if (ec == std::errc::result_out_of_range) return cap;  // digits past 2^64: past any cap
  if (ec != std::errc() || v < 1) throw BadRequest{name + " must be a positive number in whole digits (e.g. 500), not '" + text.substr(0, 20) + "'"};
  return std::min(double(v), cap);
}

void only(const Params& p, std::initializer_list<const char*> known) {
  for (const auto& [name, value] : p) {
    bool ok = false;
    for (const char* k : known) ok = ok || name == k;
    if (!ok) throw BadRequest{"unknown parameter '" + name.substr(0, 30) + "'"};
  }
}

// What an analysis or a proof is asked: a position, a goal and a budget, each checked.
struct Asked {
  Position pos;
  solver::Aim aim;
  std::uint64_t nodes;
  double seconds;
  std::string cache_key(const char* what) const { return std::string(what) + " " + to_kfen(pos) + " " + solver::aim_id(aim); }
};

Asked asked_of(const Params& p, const ApiOptions& o) {
  only(p, {"kfen", "goal", "nodes", "ms"});
  const Position pos = kfen_of(p);
  const double ms = number_of(p, "ms", o.default_ms, o.max_ms);
  // Without a node count, the time asked is the bound: a 30 s analysis is not ended by a node
  // cap meant for 1 s (issue 71), nor by less than the server's default.
  return {pos, aim_of(p, pos), std::uint64_t(number_of(p, "nodes", double(nodes_for_time(ms, o)), double(o.max_nodes))), ms / 1000};
}

}  // namespace

struct Api::Impl {
  ApiOptions options;
  solver::Book book;

  // The searches' tables: one per search slot, kept between requests.
  std::mutex pool_mutex;
  std::condition_variable pool_free;
  std::vector<std::unique_ptr<solver::TranspositionTable>> pool;
  std::vector<solver::TranspositionTable*> idle;
  std::deque<std::uint64_t> waiting;  // the tickets of the requests waiting for a table, in order
  std::uint64_t next_ticket = 0;

  // Finished answers, least recently used first out.
  mutable std::mutex cache_mutex;
  std::list<std::pair<std::string, std::string>> cache;  // key, body
  std::unordered_map<std::string, std::list<std::pair<std::string, std::string>>::iterator> cache_index;
  std::size_t cache_bytes = 0;

  std::atomic<std::uint64_t> analyses{0}, cache_hits{0}, busy{0}, cancelled{0};
  std::atomic<bool> stopping{false};

  // A table for one search, or none if all stay busy for the queue's time (or the client left).
  // Requests are served in the order they came: a waiter takes a table only at the head of the
  // queue, so that none starves while later ones are served.
  solver::TranspositionTable* acquire(const std::atomic<bool>* cancel) {
    std::unique_lock<std::mutex> lock(pool_mutex);
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(options.queue_seconds));
    // A full queue refuses at once: a waiter holds a connection's thread, and the threads left
    // are what keeps a position or a cached answer fast whatever the searches do.
    const bool served_now = waiting.empty() && !idle.empty();
    if (!served_now && waiting.size() >= std::size_t(std::max(0, options.waiting))) return nullptr;
    const std::uint64_t ticket = next_ticket++;
    waiting.push_back(ticket);
    while (waiting.front() != ticket || idle.empty()) {
      pool_free.wait_until(lock, std::min(until, std::chrono::steady_clock::now() + std::chrono::milliseconds(100)));
      if (std::chrono::steady_clock::now() >= until || (cancel && cancel->load())) {
        waiting.erase(std::find(waiting.begin(), waiting.end(), ticket));
        pool_free.notify_all();  // the next in line may be at the head now
        return nullptr;
      }
    }
    waiting.pop_front();
    solver::TranspositionTable* t = idle.back();
    idle.pop_back();
    pool_free.notify_all();  // another table may be idle for the next in line
    return t;
  }
  void release(solver::TranspositionTable* t) {
    {
      std::lock_guard<std::mutex> lock(pool_mutex);
      idle.push_back(t);
    }
    pool_free.notify_all();
  }

  std::optional<std::string> cached(const std::string& key) {
    std::lock_guard<std::mutex> lock(cache_mutex);
    auto it = cache_index.find(key);
    if (it == cache_index.end()) return std::nullopt;
    cache.splice(cache.end(), cache, it->second);
    return it->second->second;
  }
  // Bounded in entries and in bytes (a proof may be megabytes): the least recently used go first.
  void keep(const std::string& key, const std::string& body) {
    std::lock_guard<std::mutex> lock(cache_mutex);
    if (cache_index.count(key) || options.cache_entries == 0 || body.size() > options.cache_bytes) return;
    cache.emplace_back(key, body);
    cache_index[key] = std::prev(cache.end());
    cache_bytes += key.size() + body.size();
    while (cache.size() > options.cache_entries || cache_bytes > options.cache_bytes) {
      cache_bytes -= cache.front().first.size() + cache.front().second.size();
      cache_index.erase(cache.front().first);
      cache.pop_front();
    }
  }

  // Why no table came: the client left, or every search stayed busy.
  Answer unavailable(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load()) return ++cancelled, error_answer(499, "the client went away");
    ++busy;
    Answer a = error_answer(503, "every search is busy: try again shortly");
    a.retry_after = 2;
    return a;
  }
};

Api::Api(const ApiOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  if (options.searches < 1) throw InputError("at least one search must be allowed");
  BookCheck check;
  check.prove_claims = options.check_book;
  check.progress = options.progress;
  check.stop = options.stop;
  impl_->book = load_book(book_paths(options.book), check);
  const std::size_t each = std::max<std::size_t>(1, options.hash_mb / std::size_t(options.searches));
  for (int i = 0; i < options.searches; ++i) {
    impl_->pool.push_back(std::make_unique<solver::TranspositionTable>(each));
    impl_->idle.push_back(impl_->pool.back().get());
  }
}

Api::~Api() = default;

Answer Api::position(const Params& p) const {
  try {
    only(p, {"kfen"});
    return {200, present::position_page(kfen_of(p)).dump(), "application/json", 0};
  } catch (const BadRequest& e) {
    return error_answer(400, e.message);
  }
}

namespace {

// A search table held for one request, and given back when the request is done with it.
class Lease {
 public:
  Lease(Api::Impl& impl, solver::TranspositionTable* table) : impl_(impl), table_(table) {}
  ~Lease() { impl_.release(table_); }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  solver::TranspositionTable& table() const { return *table_; }

 private:
  Api::Impl& impl_;
  solver::TranspositionTable* table_;
};

// An analysis as the API answers it; a complete one is kept in the cache.
Answer analysis_answer(Api::Impl& impl, const Asked& asked, const solver::Analysis& a) {
  std::string body = present::analysis_page(asked.pos, asked.aim, a).dump();
  if (a.complete()) impl.keep(asked.cache_key("analyse"), body);
  return {200, body, "application/json", 0};
}

class Analysis final : public AnalysisJob {
 public:
  Analysis(Api::Impl& impl, solver::TranspositionTable* table, const Asked& asked, const std::atomic<bool>* cancel)
      : impl_(impl), lease_(impl, table), asked_(asked) {
    limits_.nodes = asked.nodes;
    limits_.seconds = asked.seconds;
    limits_.stop = cancel;
  }

  Answer run() override {
    const solver::Analysis a = solver::analyse(asked_.pos, asked_.aim, limits_, lease_.table(), &impl_.book);
    // A client that left is answered nothing; at the server's stop, the client is given what
    // the analysis has (cut_by says "stopped").
    if (limits_.stop && limits_.stop->load() && !impl_.stopping) return ++impl_.cancelled, error_answer(499, "the client went away");
    return analysis_answer(impl_, asked_, a);
  }

 private:
  Api::Impl& impl_;
  Lease lease_;
  Asked asked_;
  solver::AnalysisLimits limits_;
};

}  // namespace

std::unique_ptr<AnalysisJob> Api::start_analysis(const Params& p, const std::atomic<bool>* cancel, Answer& now) {
  try {
    const Asked asked = asked_of(p, impl_->options);
    ++impl_->analyses;
    if (auto hit = impl_->cached(asked.cache_key("analyse"))) {
      ++impl_->cache_hits;
      now = {200, *hit, "application/json", 0};
      return nullptr;
    }
    // All of it from the book: answered at once, without waiting for a search.
    if (const std::optional<solver::Analysis> a = solver::analyse_from_book(asked.pos, asked.aim, impl_->book)) {
      now = analysis_answer(*impl_, asked, *a);
      return nullptr;
    }
    solver::TranspositionTable* table = impl_->acquire(cancel);
    if (!table) {
      now = impl_->unavailable(cancel);
      return nullptr;
    }
    return std::make_unique<Analysis>(*impl_, table, asked, cancel);
  } catch (const BadRequest& e) {
    now = error_answer(400, e.message);
    return nullptr;
  }
}

Answer Api::analyse(const Params& p, const std::atomic<bool>* cancel) {
  Answer now;
  std::unique_ptr<AnalysisJob> job = start_analysis(p, cancel, now);
  return job ? job->run() : now;
}

Answer Api::proof(const Params& p, const std::atomic<bool>* cancel) {
  try {
    const Asked asked = asked_of(p, impl_->options);
    solver::SolveRequest r;  // a proof is served only checked
    r.goal = solver::aim_id(asked.aim);
    r.certify.limits.nodes = asked.nodes;
    r.certify.limits.seconds = asked.seconds;
    r.certify.limits.stop = cancel;
    r.certify.check = true;
    r.stakes = false;
    const std::string key = asked.cache_key("proof");
    if (auto hit = impl_->cached(key)) return ++impl_->cache_hits, Answer{200, *hit, "text/plain", 0};
    solver::TranspositionTable* table = impl_->acquire(cancel);
    if (!table) return impl_->unavailable(cancel);
    const solver::Certified proved = [&] {
      const Lease lease(*impl_, table);
      return solver::answer_solve(asked.pos, r, &lease.table()).proved;
    }();
    if (impl_->stopping) return error_answer(503, "the server is stopping: the proof was not finished");
    if (cancel && cancel->load()) return ++impl_->cancelled, error_answer(499, "the client went away");
    if (!proved.checked() || !proved.tree)
      return error_answer(422, "not proved within the budget (" + std::to_string(r.certify.limits.nodes) + " nodes a search, " +
                                   std::to_string(int(r.certify.limits.seconds * 1000)) + " ms): ask with larger nodes= and ms=");
    std::ostringstream text;
    solver::write_proof(*proved.tree, text);
    impl_->keep(key, text.str());
    return {200, text.str(), "text/plain", 0};
  } catch (const BadRequest& e) {
    return error_answer(400, e.message);
  }
}

Answer Api::server() const {
  const ApiOptions& o = impl_->options;
  nlohmann::json j = {{"max_ms", o.max_ms},     {"default_ms", o.default_ms}, {"max_nodes", o.max_nodes}, {"nodes_per_second", kNodesPerSecond},
                      {"searches", o.searches}, {"book", book_summary()},     {"puzzles", o.puzzles}};
  return {200, j.dump(), "application/json", 0};
}

void Api::stopping() { impl_->stopping = true; }

std::string Api::book_summary() const { return serve::book_summary(impl_->book); }

Api::Stats Api::stats() const {
  Stats s{impl_->analyses.load(), impl_->cache_hits.load(), impl_->busy.load(), impl_->cancelled.load(), 0, 0};
  {
    std::lock_guard<std::mutex> lock(impl_->cache_mutex);
    s.cache_size = impl_->cache.size();
    s.cache_bytes = impl_->cache_bytes;
  }
  for (const auto& t : impl_->pool) s.table_bytes += t->bytes();
  return s;
}

}  // namespace kamisado::serve
