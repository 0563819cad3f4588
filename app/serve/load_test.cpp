#include "app/serve/load_test.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>

#include "solver/bench/opening.h"
#include "solver/bench/suite.h"
#include "src/io/report.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::serve {

namespace {

using Clock = std::chrono::steady_clock;

std::string escaped(const std::string& kfen) {
  std::string out;
  for (char c : kfen) out += c == ' ' ? "%20" : c == '+' ? "%2B" : std::string(1, c);
  return out;
}

// Positions from seeded random single rounds and matches, every ply of each; with `open_rounds`
// only those whose round is still being played (what a round analysis takes).
std::vector<std::string> random_positions(std::uint64_t seed, std::size_t count, bool open_rounds) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  while (out.size() < count) {
    Position p = parse_kfen(std::string(kStartKfen) + (out.size() % 2 ? " 3:0-0" : ""));
    while (!p.outcome().over() && out.size() < count) {
      MoveList moves;
      generate_moves(p, moves);
      p = p.after(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      if (!p.outcome().over() && !(open_rounds && round_winner(p))) out.push_back(to_kfen(p));
    }
  }
  return out;
}

struct Sample {
  std::string kind;
  double ms;
  bool failed;
};

double percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(q * double(v.size())))];
}

// What the clients ask about: positions from play, open rounds to search, the suite's, and the
// set-up with its 102 first moves (in the default book: reports/opening.book).
struct Workload {
  std::vector<std::string> positions, searched, known, opening, replies;
};

std::vector<std::string> kfens(const std::vector<Position>& positions) {
  std::vector<std::string> out;
  for (const Position& p : positions) out.push_back(to_kfen(p));
  return out;
}

// The set-up and its 102 first moves.
std::vector<std::string> the_opening() {
  std::vector<std::string> out = kfens(solver::one_move_on({Position::initial()}));
  out.insert(out.begin(), to_kfen(Position::initial()));
  return out;
}

// The positions after each first move and Gold's reply (the set-up's 1 150 replies): a board one
// move deeper than the first moves, whose moves the default book answers too.
std::vector<std::string> the_replies() { return kfens(solver::one_move_on(solver::one_move_on({Position::initial()}))); }

// One request of a client: 55 % a position, 5 % an analysis of the opening, 5 % of a position
// after a reply, 25 % another analysis (a suite position or a searched one), 10 % bad input that
// must get a 4xx.
struct Request {
  std::string kind, path;
  bool bad = false;
};
Request draw_request(std::mt19937_64& rng, const Workload& w, double analyse_ms) {
  const int dice = int(rng() % 100);
  if (dice < 55) return {"position", "/api/v1/position?kfen=" + escaped(w.positions[rng() % w.positions.size()])};
  if (dice < 60)
    return {"opening", "/api/v1/analyse?ms=" + std::to_string(int(analyse_ms)) + "&kfen=" + escaped(w.opening[rng() % w.opening.size()])};
  if (dice < 65) return {"reply", "/api/v1/analyse?ms=" + std::to_string(int(analyse_ms)) + "&kfen=" + escaped(w.replies[rng() % w.replies.size()])};
  if (dice < 90) {
    const std::string& k = rng() % 2 ? w.known[rng() % w.known.size()] : w.searched[rng() % w.searched.size()];
    return {"analyse", "/api/v1/analyse?ms=" + std::to_string(int(analyse_ms)) + "&kfen=" + escaped(k)};
  }
  static const char* const kBad[] = {"/api/v1/position?kfen=nonsense", "/api/v1/position", "/api/v1/analyse?kfen=x&frob=1",
                                     "/api/v1/analyse?goal=ring:3&kfen=obpkyrgn/8/8/8/8/8/8/NGRYKPBO%20b%20-", "/api/v1/nothing"};
  Request q{"bad", kBad[rng() % 5], true};
  if (rng() % 5 == 0) q.path = "/api/v1/position?kfen=" + std::string(16000, 'x');
  return q;
}

// A bad request with a body: 100 kB with its length, or 32 kB chunked (small enough to be sent
// whole before the 413 comes back: a client still writing then would not read it).
httplib::Result post_body(httplib::Client& client, bool chunked) {
  if (!chunked) return client.Post("/api/v1/position", std::string(100 * 1024, 'x'), "text/plain");
  return client.Post(
      "/api/v1/analyse",
      [](std::size_t offset, httplib::DataSink& sink) {
        static const std::string chunk(16 * 1024, 'x');
        if (offset >= 2 * chunk.size()) return sink.done(), true;
        return sink.write(chunk.data(), chunk.size());
      },
      "text/plain");
}

// The samples' counts and times, kind by kind.
void summarise(const std::vector<Sample>& samples, LoadResult& r) {
  std::map<std::string, std::vector<double>> times;
  for (const Sample& s : samples) {
    KindResult& k = r.kinds[s.kind];
    ++k.requests;
    k.failed += s.failed;
    times[s.kind].push_back(s.ms);
  }
  for (auto& [kind, v] : times) {
    r.kinds[kind].p50_ms = percentile(v, 0.50);
    r.kinds[kind].p99_ms = percentile(v, 0.99);
    r.kinds[kind].max_ms = v.empty() ? 0 : *std::max_element(v.begin(), v.end());
  }
}

}  // namespace

bool LoadResult::passed() const {
  for (const auto& [kind, k] : kinds)
    if (k.failed) return false;
  return peak_resident_bytes <= cap_bytes && !kinds.empty();
}

bool LoadResult::fast_enough() const {
  for (const char* kind : {"position", "opening", "reply"})
    if (auto it = kinds.find(kind); it != kinds.end() && it->second.p99_ms > kFastP99Ms) return false;
  return true;
}

double LoadResult::throughput() const {
  std::uint64_t n = 0;
  for (const auto& [kind, k] : kinds) n += k.requests;
  return seconds > 0 ? double(n) / seconds : 0;
}

LoadResult run_load(const LoadOptions& o) {
  ServeOptions so = o.server;
  so.host = "127.0.0.1";
  so.port = 0;
  Server server(so);
  const int port = server.bind();
  std::thread serving([&server] { server.run(); });

  Workload w{random_positions(o.seed, 2000, false), random_positions(o.seed + 1, 2000, true), {}, the_opening(), the_replies()};
  if (!o.suite.empty())
    for (const auto& e : solver::read_suite(o.suite)) w.known.push_back(to_kfen(e.pos));
  if (w.known.empty()) w.known = {w.positions.front()};

  LoadResult r;
  r.cap_bytes = (o.memory_cap_mb ? o.memory_cap_mb : so.api.hash_mb + 256) * std::size_t(1) << 20;
  std::mutex samples_mutex;
  std::vector<Sample> samples;
  std::atomic<bool> done{false};
  std::atomic<std::size_t> peak{resident_bytes()};
  std::thread watch([&] {
    while (!done) {
      peak = std::max(peak.load(), resident_bytes());
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  });

  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  std::vector<std::thread> clients;
  for (int c = 0; c < o.clients; ++c)
    clients.emplace_back([&, c] {
      std::mt19937_64 rng(o.seed * 1000 + std::uint64_t(c));
      httplib::Client client("127.0.0.1", port);
      client.set_read_timeout(60, 0);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      std::vector<Sample> mine;
      while (Clock::now() < deadline) {
        const Request q = draw_request(rng, w, o.analyse_ms);
        const auto t0 = Clock::now();
        const std::uint64_t body = q.bad ? rng() % 6 : 9;  // of bad requests, one in six with a body, one in six chunked
        httplib::Result res = body < 2 ? post_body(client, body == 1) : client.Get(q.path.c_str());
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        bool failed = q.bad ? !(res && res->status >= 400 && res->status < 500) : !(res && res->status == 200);
        if (failed) {
          std::lock_guard<std::mutex> lock(samples_mutex);
          if (r.first_failure.empty())
            r.first_failure = q.kind + " " + (body < 2 ? (body ? "POST chunked" : "POST 100 kB") : q.path.substr(0, 80)) + ": " +
                              (res ? "HTTP " + std::to_string(res->status) + " " + res->body.substr(0, 120) : httplib::to_string(res.error()));
        }
        mine.push_back({q.kind, ms, failed});
      }
      std::lock_guard<std::mutex> lock(samples_mutex);
      samples.insert(samples.end(), mine.begin(), mine.end());
    });
  for (auto& t : clients) t.join();
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  done = true;
  watch.join();
  r.peak_resident_bytes = peak;
  r.stats = server.api().stats();
  r.book = server.api().book_summary();
  server.stop();
  serving.join();

  summarise(samples, r);
  return r;
}

std::string load_text(const LoadResult& r, const LoadOptions& o) {
  std::string out = fmt::format("{} clients for {:.1f} s on loopback: {:.0f} requests a second\n", o.clients, r.seconds, r.throughput());
  for (const auto& [kind, k] : r.kinds)
    out += fmt::format("  {:<9} {:>8} requests, {} failed, p50 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n", kind, k.requests, k.failed, k.p50_ms,
                       k.p99_ms, k.max_ms);
  out += fmt::format("  resident memory at most {:.0f} MB (cap {:.0f} MB); analyses {}, from the cache {}, busy {}\n",
                     double(r.peak_resident_bytes) / (1 << 20), double(r.cap_bytes) / (1 << 20), r.stats.analyses, r.stats.cache_hits, r.stats.busy);
  if (!r.first_failure.empty()) out += "  first failure: " + r.first_failure + "\n";
  out += fmt::format("  p99 of position, opening and reply <= {:g} ms: {}\n", kFastP99Ms, r.fast_enough() ? "met" : "NOT met");
  return out + (r.passed() ? "serve-bench: passed\n" : "serve-bench: FAILED\n");
}

present::Answer load_answer(const LoadResult& r, const LoadOptions& o) {
  nlohmann::json kinds = nlohmann::json::object();
  for (const auto& [kind, k] : r.kinds)
    kinds[kind] = {{"requests", k.requests}, {"failed", k.failed}, {"p50_ms", k.p50_ms}, {"p99_ms", k.p99_ms}, {"max_ms", k.max_ms}};
  return {{{"passed", r.passed()},
           {"seconds", r.seconds},
           {"throughput", r.throughput()},
           {"requests", kinds},
           {"peak_resident_bytes", r.peak_resident_bytes},
           {"cap_bytes", r.cap_bytes},
           {"first_failure", r.first_failure}},
          load_text(r, o)};
}

void write_load_report(const LoadResult& r, const LoadOptions& o, const std::string& path) {
  io::Report rep("The analysis server under load",
                 fmt::format("kamisado serve-bench --clients {} --seconds {:g} --report {}", o.clients, o.seconds, path), "");
  rep.paragraph(fmt::format(
      "`kamisado serve` in the same process on a loopback port, {} search slots sharing {} MB of tables, and {} keep-alive clients sending "
      "requests one after another for {:.1f} s: 55% `position` for positions of seeded random games, 5% `analyse` of the set-up or one "
      "of its 102 first moves (`opening`: from the book, {}), 5% `analyse` of a position after a first move and Gold's reply (`reply`: one of the "
      "1 150, whose moves the book holds one move deeper), 25% other `analyse` with a {:g} ms budget (half of them the solver suite's "
      "positions, soon answered from the cache; half random positions, searched), 10% bad requests (a malformed KFEN, a missing or unknown "
      "parameter, a bad goal, an unknown path, a 16 kB URL, a 100 kB body, a 32 kB chunked body), each of which must get a 4xx. The server "
      "has its default threads ({}), queue ({} waiting at most) and tables. A good request fails if it gets anything but 200. Latency is "
      "from sending the request to the whole answer.",
      o.server.api.searches, o.server.api.hash_mb, o.clients, r.seconds, r.book, o.analyse_ms, o.server.threads, o.server.api.waiting));
  rep.table({"requests", "count", "failed", "p50 ms", "p99 ms", "max ms"});
  for (const auto& [kind, k] : r.kinds)
    rep.row({kind, std::to_string(k.requests), std::to_string(k.failed), fmt::format("{:.1f}", k.p50_ms), fmt::format("{:.1f}", k.p99_ms),
             fmt::format("{:.1f}", k.max_ms)});
  rep.paragraph(fmt::format(
      "Throughput: {:.0f} requests a second in all. Analyses asked {}, answered from the cache {}, refused as busy {}. "
      "Resident memory at most {:.0f} MB, the cap {:.0f} MB. Verdict: {}. Target p99 <= {:g} ms for `position`, "
      "`opening` (issue 45) and `reply` (issue 71): {}.",
      r.throughput(), r.stats.analyses, r.stats.cache_hits, r.stats.busy, double(r.peak_resident_bytes) / (1 << 20), double(r.cap_bytes) / (1 << 20),
      r.passed() ? "passed" : "FAILED (" + r.first_failure + ")", kFastP99Ms, r.fast_enough() ? "met" : "NOT met"));
  rep.write(path);
}

}  // namespace kamisado::serve
