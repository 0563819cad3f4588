#include "src/conform/corpus.h"

#include <filesystem>
#include <fstream>

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::conform {

std::string protocol_status(const Position& pos) {
  const Outcome& o = pos.outcome();
  std::string winner = side_id(o.winner);
  switch (o.ending) {
    case Ending::HomeRow: return "won " + winner + " home-row";
    case Ending::Deadlock: return "won " + winner + " deadlock";
    case Ending::MatchWon: return "match-won " + winner;
    case Ending::None: break;
  }
  return pos.turn() == Turn::BetweenRounds ? "between-rounds" : "ongoing";
}

CorpusCase expect(std::string name, std::string rule, std::string kfen, std::vector<std::string> setup) {
  CorpusCase c{std::move(name), std::move(rule), std::move(kfen), std::move(setup), {}, {}, {}, {}, {}};
  const Position start = parse_kfen(c.kfen);
  Position p = start;
  for (const std::string& m : c.setup) p = p.after(parse_move(p, m));
  // The engine is set up at the start, so an unreachable start makes the case unreachable too.
  std::string why = why_unreachable(start);
  if (why.empty()) why = why_unreachable(p);
  c.reach = !why.empty() ? std::string(CorpusCase::kUnreachable) + why : start.turn() == Turn::FreeChoice ? "line" : "constructed";
  c.position = to_kfen(p);
  c.status = protocol_status(p);
  MoveList moves;
  generate_moves(p, moves);
  for (Move m : moves) {
    Position q = p.after(m);
    c.moves.push_back(to_string(m));
    c.after[to_string(m)] = {to_kfen(q), protocol_status(q)};
  }
  std::sort(c.moves.begin(), c.moves.end());
  return c;
}

std::vector<CorpusCase> builtin_corpus() {
  return {
      expect("free first move", "T1", std::string(kStartKfen)),
      expect("the colour of the last square", "T2", std::string(kStartKfen), {"c1c4"}),
      expect("lines stop before towers, no captures", "M1-M3", std::string(kStartKfen), {"c1c4", "g8d5"}),
      expect("home-row to home-row dash", "M2", "1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N"),
      expect("diagonal between corner-touching towers", "M4", "obp1yrgn/8/8/8/3k4/3YP3/8/NGR1K1BO b Y"),
      expect("forced pass after a real move", "M6", "o3yrgn/8/1b6/8/2pk4/2R5/8/NG1YKPBO g b", {"b6b4"}),
      expect("pass chain of two", "M9", "o3yrg1/8/8/4n3/1bpkYK2/2R5/8/NG3PBO b R"),
      expect("pass chain of three", "M9", "obpky1gn/NG1O4/8/5r2/8/8/8/2RYKPB1 g g", {"g8c4"}),
      expect("pass chain of four", "M9", "2pky3/5r2/8/8/8/3oKYbg/1NGRP1On/6B1 g y", {"e8c6"}),
      expect("deadlock of two towers", "M8", "ob1kyrgn/7G/p7/8/8/8/8/N1RYKPBO g p"),
      expect("deadlock of four towers", "M8", "1b6/4yr1G/3kpPng/o4RB1/2N5/5Y2/5K2/7O b Y"),
      expect("deadlock of six towers", "M8", "3k4/2bpryng/Y1oNKPGO/8/6B1/8/8/2R5 b B"),
      expect("Sumo range", "S1", "obpkyrgn/8/8/8/8/8/8/NGRY+KPBO b Y"),
      expect("Sumo pushes one tower", "S2", "ob1kyrgn/8/8/8/2p5/2R+5/8/NG1YKPBO b R"),
      expect("Double Sumo pushes two", "S2", "o2kyrgn/8/8/2b5/2p5/2R++5/8/NG1YKPBO b R"),
      expect("Triple Sumo pushes three", "S2", "o3yrgn/8/2k5/2b5/2p5/2R+++5/8/NG1YKPBO b R"),
      expect("no push: own tower in the column", "S2", "ob1kyrgn/8/8/2Y5/2p5/2R++5/8/NG2KPBO b R"),
      expect("no push: equal rank", "S2", "ob1kyrgn/8/8/8/2p+5/2R+5/8/NG1YKPBO b R"),
      expect("no push: column too long", "S2", "o2kyrgn/8/8/2b5/2p5/2R+5/8/NG1YKPBO b R"),
      expect("no push: off the board, so a pass", "S2", "obpkyrgn/2R+5/8/8/8/8/8/NG1YKPBO b R"),
      expect("no diagonal push", "S2", "ob1kyrgn/8/8/8/3p4/2R+5/8/NG1YKPBO b R"),
      expect("push onto the pushed tower's home row", "S2", "ob1kyrgn/2p5/2R+5/8/8/8/8/NG1YKPBO b R"),
      expect("a push is the only action", "S5", "o3yrgn/8/8/8/1bpk4/2R+5/8/NG1YKPBO b R"),
      // No game reaches it: a round's first move is made from the home rows, where no push is
      // ever possible (S5). Compared, not counted (why_unreachable).
      expect("no push on the free first move", "S5", "ob1kyrgn/8/8/8/2p5/2R+5/8/NG1YKPBO b - 3:1-0"),
      expect("push, then a forced pass", "S4", "y+g++4n+1/K4k+2/8/1b+p+5/1P++2o++Y+N+1/5B+O1/2r++5/2G+4R b P 15:7-14"),
      expect("push, then another push", "S4", "gk+2b+2y+/2pn1o2/3K+4/8/8/3R+G3/1Y4r1/1P1NB+1O+1 b O 15:4-3"),
      expect("deadlock right after a push", "M8", "2p+2y+g+o/6B1/8/2P2bk1/5r2/8/nR++6/G+Y1O1N1K b G 15:4-3"),
      // The same rules in a single round with Sumos (rules.md §6): an engine may keep apart the
      // code of a round with Sumos, and a wrong deadlock there must not go unseen.
      expect("free first move in a Sumo round", "T1", "obpkyrgn/8/8/8/8/8/8/N+GRYKPBO b -"),
      expect("deadlock with a Sumo on the board", "M8", "ob1kyrgn/7G/p7/8/8/8/8/N+1RYKPBO g p"),
      expect("deadlock right after a push, single round", "M8", "2p+2y+g+o/6B1/8/2P2bk1/5r2/8/nR++6/G+Y1O1N1K b G"),
      expect("pass chain with a Sumo on the board", "M9", "o3yrg1/8/8/4n3/1bpkYK2/2R5/8/NG3PB+O b R"),
      expect("corner-touching diagonal in a Sumo round", "M4", "obp1yrgn/8/8/8/3k4/3YP3/8/N+GR1K1BO b Y"),
      // And in a match, where the same positions carry a score, and the rings that won it (P2).
      expect("forced pass in a match", "M6", "o3yrgn/8/1b6/8/2pk4/2R5/8/NG1YKPBO g b 3:0-0", {"b6b4"}),
      expect("pass chain in a match", "M9", "o3yr+g1/8/8/4n3/1bpkYK2/2R5/8/NG+3PBO b R 3:1-1"),
      expect("corner-touching diagonal in a match", "M4", "obp1yrgn/8/8/8/3k+4/3YP3/8/NGR1K1BO b Y 3:0-1"),
      expect("home-row win and its ring", "P2", "o1p2r2/3k4/1b2g1B1/3Y3O/4y3/1G3P1n/8/N1R1K3 b O 3:0-0"),
      expect("the move that ends a Marathon", "P3", "1bpkyrgn/O+++7/o7/8/8/8/8/NGRYKPB1 b O 15:7-0"),
      expect("regrouping, Black defends (F4)", "F3", "o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0"),
      expect("free first move in a match", "T1", "o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0", {"fill-right"}),
      expect("regrouping, Gold defends", "F2", to_kfen(parse_kfen("o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0").rotated())),
  };
}

nlohmann::json corpus_to_json(const std::vector<CorpusCase>& cases) {
  nlohmann::json list = nlohmann::json::array();
  for (const CorpusCase& c : cases) {
    nlohmann::json after = nlohmann::json::object();
    for (const auto& [move, a] : c.after) after[move] = {{"kfen", a.kfen}, {"status", a.status}};
    list.push_back({{"name", c.name},
                    {"rule", c.rule},
                    {"kfen", c.kfen},
                    {"setup", c.setup},
                    {"position", c.position},
                    {"status", c.status},
                    {"moves", c.moves},
                    {"after", after},
                    {"reach", c.reach}});
  }
  return {{"format", "kamisado-conformance"}, {"version", 1}, {"cases", list}};
}

std::vector<CorpusCase> corpus_from_json(const nlohmann::json& j) {
  // Each field is checked for its type before it is read: a field of the wrong type is bad input.
  if (!j.is_object() || !j.contains("format") || j["format"] != "kamisado-conformance")
    throw InputError("not a kamisado-conformance corpus (field 'format')");
  if (!j.contains("version") || j["version"] != 1) throw InputError("unsupported corpus version (field 'version'), expected 1");
  if (!j.contains("cases") || !j["cases"].is_array()) throw InputError("field 'cases' must be a list");
  std::vector<CorpusCase> cases;
  for (std::size_t i = 0; i < j["cases"].size(); ++i) {
    const nlohmann::json& e = j["cases"][i];
    std::string where = "case " + std::to_string(i + 1);
    try {
      CorpusCase c;
      c.name = e.at("name").get<std::string>();
      c.rule = e.value("rule", "");
      c.kfen = e.at("kfen").get<std::string>();
      c.setup = e.value("setup", std::vector<std::string>{});
      c.position = e.at("position").get<std::string>();
      c.status = e.at("status").get<std::string>();
      c.moves = e.at("moves").get<std::vector<std::string>>();
      std::sort(c.moves.begin(), c.moves.end());
      const nlohmann::json after = e.value("after", nlohmann::json::object());
      for (const auto& [move, a] : after.items()) c.after[move] = {a.at("kfen").get<std::string>(), a.at("status").get<std::string>()};
      c.reach = e.value("reach", "");
      parse_kfen(c.kfen);  // a corpus with a bad KFEN is refused whole
      cases.push_back(std::move(c));
    } catch (const nlohmann::json::exception& ex) {
      throw InputError(where + ": " + ex.what());
    } catch (const NotationError& ex) {
      throw InputError(where + ": " + ex.what());
    }
  }
  return cases;
}

std::vector<CorpusCase> read_corpus(std::istream& in, const std::string& source) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(source + " is not JSON: " + e.what());
  }
  std::vector<CorpusCase> cases;
  try {
    cases = corpus_from_json(j);
  } catch (const std::invalid_argument& e) {
    throw InputError(source + ": " + e.what());
  }
  // The corpus is only as good as its expectations: they must be ours too.
  for (CorpusCase& c : cases) {
    CorpusCase mine = expect(c.name, c.rule, c.kfen, c.setup);
    if (mine.position != c.position || mine.status != c.status || mine.moves != c.moves)
      throw InputError(source + ", case '" + c.name + "': its expectations differ from this engine's");
    if (!c.reach.empty() && c.reach != mine.reach)
      throw InputError(source + ", case '" + c.name + "': its reach '" + c.reach + "' is not this engine's: '" + mine.reach + "'");
    c.reach = mine.reach;  // a file without the field (written before it was) is read with this engine's
  }
  return cases;
}

std::vector<CorpusCase> read_corpus(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read corpus '" + path + "': it is a folder");
  std::ifstream in(path);
  if (!in) throw InputError("cannot read corpus '" + path + "'");
  return read_corpus(in, "corpus '" + path + "'");
}

}  // namespace kamisado::conform
