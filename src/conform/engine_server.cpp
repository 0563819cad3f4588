#include "conform/engine_server.h"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "conform/corpus.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"

namespace kamisado::conform {

namespace {

// Bounds on what one request can make the engine hold or say: a request no real one comes near,
// and an error reply (which may quote the request) that a person can read.
constexpr std::size_t kMostRequestBytes = 1 << 16;
constexpr std::size_t kMostReplyBytes = 300;

// A word of the request as an error quotes it: its first 40 characters.
std::string quoted(const std::string& word) { return word.size() <= 40 ? word : word.substr(0, 40) + "..."; }

std::string reply_to(Position& pos, const std::string& request) {
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
  if (verb.empty()) return "error empty request (hello, position, moves, play, status, quit)";
  return "error unknown request '" + quoted(verb) + "' (hello, position, moves, play, status, quit)";
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

}  // namespace

void serve_protocol(std::istream& in, std::ostream& out) {
  Position pos = Position::initial();
  std::string line;
  for (bool too_long; read_request(in, line, too_long);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line == "quit") return;
    std::string reply = too_long ? fmt::format("error request longer than {} bytes", kMostRequestBytes) : reply_to(pos, line);
    std::replace(reply.begin(), reply.end(), '\n', ' ');
    if (reply.size() > kMostReplyBytes && reply.rfind("error ", 0) == 0) reply = reply.substr(0, kMostReplyBytes) + "...";
    out << reply << std::endl;
  }
}

}  // namespace kamisado::conform
