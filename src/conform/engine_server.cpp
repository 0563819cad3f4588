#include "conform/engine_server.h"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "conform/corpus.h"
#include "kamisado/kfen.h"
#include "kamisado/movegen.h"

namespace kamisado::conform {

namespace {

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
  return "error unknown request '" + verb + "' (hello, position, moves, play, status, quit)";
}

}  // namespace

void serve_protocol(std::istream& in, std::ostream& out) {
  Position pos = Position::initial();
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (line == "quit") return;
    std::string reply = reply_to(pos, line);
    std::replace(reply.begin(), reply.end(), '\n', ' ');
    out << reply << std::endl;
  }
}

}  // namespace kamisado::conform
