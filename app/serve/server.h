// `kamisado serve`: the analysis board and the JSON API (api.h) over HTTP, on cpp-httplib.
//
//   /                     the analysis board (serve/board/: one page, its script and style,
//                         built into the binary; no CDN, works offline)
//   /api/v1/position      api.h
//   /api/v1/analyse       api.h; the answer is sent once the analysis ends, preceded by a
//                         space every half second while it runs: JSON allows the spaces, and a
//                         write that fails tells that the client went away, which stops its
//                         search at once
//   /api/v1/proof         api.h; the connection's socket is watched while the proof runs,
//                         and a client that closes it stops the proof at once
//   /api/v1/server        api.h: the limits and what is served, for the page's choices
//   /api/v1/stats         the server's counts (analyses, cache hits, busy and cancelled
//                         requests), its search tables' and its resident memory in bytes
//   /puzzles/             a puzzle collection's folder (the trainer and its booklet) as it is,
//                         when one is given
// Anything else under /api/ is a 404 with a JSON error. A body larger than `max_request_bytes`,
// or chunked, is refused by its headers before it is read (413, any method; a URL longer than
// cpp-httplib's limit gets 414), and each connection has
// read and write deadlines, so that a slow or broken client holds no thread for long.
// cpp-httplib lives only in server.cpp (and in load_test.cpp, its client).
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "app/serve/api.h"

namespace kamisado::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless asked otherwise
  int port = 8080;                 // 0: any free port
  ApiOptions api;
  std::string puzzles_dir;  // served under /puzzles/ if not empty
  std::size_t max_request_bytes = 16 * 1024;
  // Connections served at once; more wait for one. A search, or a request waiting for one
  // (ApiOptions::waiting), holds its connection's thread: the rest serve everything else.
  int threads = 64;
};

// The process's resident memory in bytes, from /proc (0 where there is none): what /api/v1/stats
// reports and the load test watches.
std::size_t resident_bytes();

class Server {
 public:
  explicit Server(const ServeOptions& options);  // loads the book (api.h)
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the address and returns the port; an InputError if it cannot (in use, bad host).
  int bind();
  // Serves until stop() (from another thread) or, if given, until `stop` is raised (Ctrl-C);
  // then returns how many searches it cancelled on that stop.
  std::size_t run(const std::atomic<bool>* stop = nullptr);
  // Cancels every running search (analyses answer at once with what they have; proofs, which
  // cannot, with a 503) and stops the listener; returns how many searches it cancelled.
  std::size_t stop();
  // The searches (analyses and proofs) running now.
  std::size_t running_searches();
  Api& api();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kamisado::serve
