// The server under load: `kamisado serve-bench`. A server is started in this process on a
// loopback port (never another address), and `clients` threads, each a keep-alive HTTP client,
// send requests one after another for `seconds`:
//   - position requests for positions from seeded random games (most requests);
//   - analyses of the set-up and its first moves (from the server's book, when it has one), and
//     of the positions after Gold's replies to them (their moves one move deeper in the book);
//   - analyses with a small budget, half of the solver suite's positions (soon answered from
//     the cache), half of random positions (searched, often unknown within the budget);
//   - bad requests: a malformed KFEN, an unknown parameter, a bad goal, a URL longer than any
//     request, a large body, a chunked one; each must get a 4xx, and the server must not fall.
// A good request fails if it gets anything but 200 (a 503 too); the server's resident memory is
// sampled all along. The run is bounded (requests end at the deadline, each has a timeout), and
// what it measured goes into reports/serve.md: throughput, p50 and p99 latencies per kind, the
// largest resident memory beside the cap.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "app/present/answer.h"
#include "app/serve/server.h"

namespace kamisado::serve {

struct LoadOptions {
  int clients = 32;
  double seconds = 60;
  std::uint64_t seed = 1;
  double analyse_ms = 100;        // the budget of each analysis
  std::size_t memory_cap_mb = 0;  // 0: the search tables plus 256 MB
  ServeOptions server;            // its port is always 0 and its host loopback
  std::string suite;              // tests/data/solver_suite.json, the analyses' known positions
};

// What a position, or an answer the book holds, may take at the 99th percentile (issue 45): a
// target the report states, not a failure (a slower machine is not a broken server).
constexpr double kFastP99Ms = 50;

struct KindResult {
  std::uint64_t requests = 0, failed = 0;
  double p50_ms = 0, p99_ms = 0, max_ms = 0;
};

struct LoadResult {
  std::map<std::string, KindResult> kinds;  // position, opening, reply, analyse, bad
  double seconds = 0;
  std::size_t peak_resident_bytes = 0, cap_bytes = 0;
  Api::Stats stats;
  std::string first_failure;  // what the first failed request got
  std::string book;           // what the server's book held
  bool passed() const;
  bool fast_enough() const;   // position, opening and reply p99 within kFastP99Ms
  double throughput() const;  // requests a second, all kinds
};

LoadResult run_load(const LoadOptions& options);
std::string load_text(const LoadResult& r, const LoadOptions& o);
// serve-bench's answer: per kind of request its count, failures and latencies, and load_text.
present::Answer load_answer(const LoadResult& r, const LoadOptions& o);
void write_load_report(const LoadResult& r, const LoadOptions& o, const std::string& path);

}  // namespace kamisado::serve
