// The JSON API of `kamisado serve`, version 1, as plain functions of a request's parameters:
// the HTTP server (server.h) only routes to them, so that every answer, error and limit is
// tested without a socket.
//
//   position?kfen=K                 the position: status, side to move, the tower to move, the
//                                   legal moves each with the KFEN it leads to, the position in
//                                   words and as SVG
//   analyse?kfen=K[&goal=G][&nodes=N][&ms=T]
//                                   every legal move with its value and distance, the position's
//                                   own, the best line (solver/analysis/analysis.h). G: round
//                                   (default), match, ring:P. T: the whole analysis's
//                                   milliseconds; N: nodes per search, by default as many as T
//                                   allows (kNodesPerSecond), so that the time asked is the
//                                   bound; each capped by the server's limits, and an answer cut
//                                   short says which ("cut_by").
//                                   What the book (book_files.h) holds proved is answered from
//                                   it, each value saying where it was proved and how it was
//                                   checked; a search fills in the rest, and a file's unchecked
//                                   claim is shown only beside what it did not prove ("claim"),
//                                   or named where the search proves otherwise ("conflict").
//   proof?kfen=K[&goal=G][&nodes=N][&ms=T]
//                                   the certificate of the position's value (proof_file.h's
//                                   format, what check-proof reads), checked before it is sent
//
//   server                          the server's limits (the longest analysis, nodes a search)
//                                   and what it serves (the book, the puzzles), so that a page
//                                   offers only what the server does
//
// Bad parameters get 400 and {"error": "<one line>"}; a server whose searches are all busy for
// longer than the queue allows, or whose queue is full, gets 503 and Retry-After. At most `searches` analyses or proofs
// run at once, each with a table of its own from a pool of `hash_mb` in all, which keeps what
// it proved for the requests after it; finished answers are kept in a cache of `cache_entries`
// and `cache_bytes` at most.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kamisado::serve {

struct ApiOptions {
  std::vector<std::string> book;                     // the book's files and folders as given (book_files.h: none, the default; "none", no book)
  bool check_book = false;                           // prove the book's claims on load (--check-book, book_files.h)
  std::function<void(const std::string&)> progress;  // lines while the book is checked
  const std::atomic<bool>* stop = nullptr;           // stops that check (Ctrl-C)
  std::size_t hash_mb = 256;                         // the tables of the searches, in all
  int searches = 2;                                  // at most this many analyses or proofs at once
  double queue_seconds = 10;                         // how long a request waits for a search before 503
  int waiting = 32;                                  // at most this many wait; more get 503 at once (each holds a connection's thread)
  std::size_t cache_entries = 4096;
  std::size_t cache_bytes = 64 << 20;                                // finished answers kept, in all (a proof may be megabytes)
  std::uint64_t default_nodes = 1'000'000, max_nodes = 200'000'000;  // per search
  double default_ms = 5000, max_ms = 60000;                          // per analysis
  bool puzzles = false;                                              // the server serves /puzzles/ (said by server())
};

// Nodes a second that an analysis's time is taken to allow a search, when no node count is asked:
// well above this machine's rates (0.7 M/s in a round, some 1.5 M/s in a match position), so that
// the time asked, not the nodes, ends a search.
inline constexpr double kNodesPerSecond = 4'000'000;

// The nodes a search may take in an analysis of `ms` milliseconds when none are asked: what the
// time allows at kNodesPerSecond, no fewer than the default and no more than the server's cap.
inline std::uint64_t nodes_for_time(double ms, const ApiOptions& o) {
  const double allowed = ms / 1000 * kNodesPerSecond;
  return std::uint64_t(std::max(double(o.default_nodes), std::min(double(o.max_nodes), allowed)));
}

struct Answer {
  int status = 200;
  std::string body;  // JSON, or a proof file's text
  std::string content_type = "application/json";
  int retry_after = 0;  // seconds, with 503
};

using Params = std::map<std::string, std::string>;

// An analysis ready to run: its parameters checked and a search's table held, given back when
// the job ends. The server runs it on a thread of its own, so that it can watch the client.
class AnalysisJob {
 public:
  virtual ~AnalysisJob() = default;
  virtual Answer run() = 0;
};

class Api {
 public:
  explicit Api(const ApiOptions& options);  // loads the book: an InputError names a bad file
  ~Api();
  Api(const Api&) = delete;
  Api& operator=(const Api&) = delete;

  Answer position(const Params& p) const;
  // `cancel` is set by the server when the client goes away: the search stops at once.
  Answer analyse(const Params& p, const std::atomic<bool>* cancel);
  // The same in two steps: an answer at once (a bad parameter, a cached answer, every search
  // busy), or the job to run.
  std::unique_ptr<AnalysisJob> start_analysis(const Params& p, const std::atomic<bool>* cancel, Answer& now);
  Answer proof(const Params& p, const std::atomic<bool>* cancel);
  Answer server() const;
  // The server is stopping: an analysis stopped from now on answers with what it has (cut_by
  // "stopped") rather than as a request whose client went away.
  void stopping();

  struct Stats {
    std::uint64_t analyses = 0, cache_hits = 0, busy = 0, cancelled = 0;
    std::size_t cache_size = 0, cache_bytes = 0, table_bytes = 0;
  };
  Stats stats() const;
  std::string book_summary() const;  // what the book holds, in one line

  struct Impl;  // api.cpp's

 private:
  std::unique_ptr<Impl> impl_;
};

// A one-line error answer.
Answer error_answer(int status, const std::string& message);

}  // namespace kamisado::serve
