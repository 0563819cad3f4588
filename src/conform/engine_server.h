// The engine side of the line protocol (remote_engine.h has the harness's side): kamisado-lab
// itself as an engine, `kamisado engine`, so that GUIs, other harnesses and other languages can
// use it as the reference implementation, and so that `kamisado conform --engine "kamisado
// engine"` checks the protocol end to end. It keeps the game's history, so that a deadlock
// caused by a push (which a KFEN cannot tell, §6) is reported as the rules say.
//
// With a searcher it also searches, as GUIs ask an engine to:
//   go [nodes N] [movetime MS] [goal round|match|ring:P]
//        -> info nodes N pn P dn D seconds S     (about once a second while it searches)
//        -> bestmove <move> value win|loss|unknown plies N|-
//   stop  ends the search at once: its bestmove line comes, with what was proved so far
//   isready -> readyok, at once, whether a search runs or not (a GUI waits on it)
// While a search runs, any request but `stop`, `isready` and `quit` is answered `error ...`;
// `stop` with no search running too. The search has ended when its bestmove line is written:
// a request sent after reading it is answered as with no search. Every `info` line, the last
// too, has nodes, pn, dn and seconds. The value is for the side to move; plies is the exact distance, `-` when
// unknown. A search that is not stopped ends by itself (proved, or its budget spent).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

#include "src/kamisado/position.h"

namespace kamisado::conform {

struct SearchRequest {
  std::uint64_t nodes = 0;  // 0: no limit
  double movetime_ms = 0;   // 0: no limit
  std::string goal = "round";
};

struct SearchAnswer {
  std::string best;               // a legal move, in §6 notation
  std::string value = "unknown";  // win, loss or unknown, for the side to move
  int plies = -1;                 // the exact distance, or -1
};

// The search behind `go`: the protocol's side knows nothing of how it searches (kamisado
// engine gives it the proof search, serve/engine_search.h).
class Searcher {
 public:
  virtual ~Searcher() = default;
  // Throws InputError, naming the fault, for a request the position cannot take (a match goal
  // in a single round, say); called before the search starts.
  virtual void check(const Position& pos, const SearchRequest& request) = 0;
  // Searches `pos` until proved, out of budget, or `stop`; `info` gets progress lines (without
  // the word info). Throws InputError for a goal that does not fit the position.
  virtual SearchAnswer search(const Position& pos, const SearchRequest& request, const std::atomic<bool>& stop,
                              const std::function<void(const std::string&)>& info) = 0;
};

// Answers requests from `in`, one reply line each on `out` (flushed), until `quit` or the end
// of the input: every line gets its reply, a blank one too. A malformed KFEN, an illegal move, an
// unknown or empty request, or a line over 64 KiB is answered `error ...`, in at most 300
// characters (a long request is quoted only in part). Without a searcher `go` is an unknown
// request. At the end of the input a running search is stopped and its bestmove written.
void serve_protocol(std::istream& in, std::ostream& out, Searcher* searcher = nullptr);

}  // namespace kamisado::conform
