#include "src/conform/engine_server.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "src/conform/corpus.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

namespace kamisado::conform {

namespace {

// Bounds on what one request can make the engine hold or say: a request no real one comes near,
// and an error reply (which may quote the request) that a person can read.
constexpr std::size_t kMostRequestBytes = 1 << 16;
constexpr std::size_t kMostReplyBytes = 300;
// The largest nodes or movetime `go` takes: 10^15 nodes is weeks of search, 10^15 ms millennia.
constexpr double kMostGo = 1e15;

// A word of the request as an error quotes it: its first 40 characters.
std::string quoted(const std::string& word) { return word.size() <= 40 ? word : word.substr(0, 40) + "..."; }

// The requests an error reply lists: go and stop only where a searcher is given.
std::string known_requests(bool searches) {
  return searches ? "(hello, position, moves, play, status, isready, go, stop, quit)" : "(hello, position, moves, play, status, isready, quit)";
}

// `go [nodes N] [movetime MS] [goal G]`, read; an InputError names a bad word.
SearchRequest read_go(const std::string& rest) {
  SearchRequest r;
  std::istringstream words(rest);
  for (std::string key, value; words >> key;) {
    if (!(words >> value)) throw InputError("go: '" + quoted(key) + "' needs a value");
    if (key == "goal") {
      r.goal = value;
      continue;
    }
    std::size_t used = 0;
    double v = -1;
    try {
      v = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (key != "nodes" && key != "movetime") throw InputError("go: unknown word '" + quoted(key) + "' (nodes N, movetime MS, goal G)");
    if (used != value.size() || !(v >= 1) || v > kMostGo || (key == "nodes" && v != std::floor(v)))
      throw InputError(fmt::format("go: {} must be {} from 1 to {:.0f}, not '{}'", key,
                                   key == "nodes" ? "a whole number" : "a number of milliseconds", kMostGo, quoted(value)));
    if (key == "nodes")
      r.nodes = std::uint64_t(v);
    else
      r.movetime_ms = v;
  }
  return r;
}

std::string reply_to(Position& pos, const std::string& request, bool searches) {
  std::istringstream words(request);
  std::string verb;
  words >> verb;
  std::string rest;
  std::getline(words >> std::ws, rest);
  try {
    if (verb == "hello") return "kamisado-protocol 1 kamisado-lab";
    if (verb == "position") {
      pos = parse_kfen(rest);
      return "ok";
    }
    if (verb == "moves") {
      MoveList moves;
      generate_moves(pos, moves);
      std::string out = "moves";
      for (Move m : moves) out += " " + to_string(m);
      return out;
    }
    if (verb == "play") {
      pos = pos.after(parse_move(pos, rest));
      return "position " + to_kfen(pos);
    }
    if (verb == "status") return "status " + protocol_status(pos);
  } catch (const InputError& e) {
    return std::string("error ") + e.what();
  }
  if (verb.empty()) return "error empty request " + known_requests(searches);
  return "error unknown request '" + quoted(verb) + "' " + known_requests(searches);
}

// One request line of at most kMostRequestBytes (a KFEN is under 100), read without holding
// more: a longer line is read to its end and dropped. False at the end of the input.
bool read_request(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    if (line.size() < kMostRequestBytes)
      line.push_back(char(c));
    else
      too_long = true;
  }
  return !line.empty() || too_long;
}

// One reply line, cut and flattened; written whole under the lock, since a search thread
// writes too. `done`, if given, is set under the same lock: a search's last line and its end are
// one step, so that a request sent after reading `bestmove` never finds the search running.
void say(std::ostream& out, std::mutex& lock, std::string reply, std::atomic<bool>* done = nullptr) {
  if (reply.size() > kMostReplyBytes && reply.rfind("error ", 0) == 0) reply = reply.substr(0, kMostReplyBytes) + "...";
  // A request quoted back is shown, never obeyed: a control character (an escape sequence that
  // would drive the reader's terminal, a line break) is written as \xNN.
  std::string shown;
  for (const char c : reply)
    if (const auto b = static_cast<unsigned char>(c); b < 0x20 || b == 0x7f)
      shown += fmt::format("\\x{:02x}", b);
    else
      shown += c;
  reply = std::move(shown);
  std::lock_guard<std::mutex> guard(lock);
  out << reply << std::endl;
  if (done) *done = true;
}

// A search on a thread of its own, so that `stop` can be read while it runs.
class Search {
 public:
  Search(Searcher& searcher, const Position& pos, const SearchRequest& request, std::ostream& out, std::mutex& lock)
      : thread_([this, &searcher, pos, request, &out, &lock] {
          std::string last;
          try {
            const SearchAnswer a = searcher.search(pos, request, stop_, [&out, &lock](const std::string& line) { say(out, lock, "info " + line); });
            last = "bestmove " + a.best + " value " + a.value + " plies " + (a.plies < 0 ? std::string("-") : std::to_string(a.plies));
          } catch (const std::exception& e) {
            last = std::string("error ") + e.what();
          }
          say(out, lock, last, &done_);
        }) {}
  ~Search() { finish(); }
  // Asked under the output lock, so that a search whose last line is written counts as done.
  bool running(std::mutex& lock) const {
    std::lock_guard<std::mutex> guard(lock);
    return !done_;
  }
  void finish() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::atomic<bool> stop_{false}, done_{false};
  std::thread thread_;
};

}  // namespace

void serve_protocol(std::istream& in, std::ostream& out, Searcher* searcher) {
  Position pos = Position::initial();
  std::mutex lock;
  std::unique_ptr<Search> search;
  std::string line;
  for (bool too_long; read_request(in, line, too_long);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line == "quit") break;
    std::istringstream words(line);
    std::string verb, rest;
    words >> verb;
    std::getline(words >> std::ws, rest);
    if (search && !search->running(lock)) search.reset();
    if (too_long) {
      say(out, lock, fmt::format("error request longer than {} bytes", kMostRequestBytes));
    } else if (verb == "isready") {
      say(out, lock, "readyok");  // at once, a search running or not: a GUI waits on it
    } else if (verb == "stop") {
      if (search)
        search.reset();  // its bestmove line is the reply
      else
        say(out, lock, "error no search is running");
    } else if (search) {
      say(out, lock, "error a search is running: send stop first");
    } else if (verb == "go" && searcher) {
      try {
        const SearchRequest r = read_go(rest);
        MoveList moves;
        generate_moves(pos, moves);
        if (pos.outcome().over() || moves.size() == 0) throw InputError("go: the game is over at this position: there is nothing to search");
        searcher->check(pos, r);
        search = std::make_unique<Search>(*searcher, pos, r, out, lock);
      } catch (const InputError& e) {
        say(out, lock, std::string("error ") + e.what());
      }
    } else {
      say(out, lock, reply_to(pos, line, searcher != nullptr));
    }
  }
  search.reset();  // a running search is stopped: its bestmove is still written
}

}  // namespace kamisado::conform
