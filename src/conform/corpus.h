// The conformance corpus: positions where implementations are known to disagree, with what the
// rules say there. Anyone can test another implementation against it (kamisado conform).
//
// FORMAT (JSON, "kamisado-conformance" version 1)
//   { "format": "kamisado-conformance", "version": 1,
//     "cases": [ { "name":   text,
//                  "rule":   the rule ID the case is about (rules.md),
//                  "kfen":   the position to start from,
//                  "setup":  moves to play from there first (so that an engine that keeps a
//                            history, e.g. of the last real move, has one), possibly empty,
//                  "position": the KFEN after the setup moves,
//                  "status": the status there, in the protocol's words ("ongoing", ...),
//                  "moves":  the legal moves there, sorted,
//                  "after":  { move: { "kfen": the position after it, "status": its status } },
//                  "reach":  how a game reaches it: "line" (kfen is a round's start and setup the
//                            game's moves from it), "constructed" (built by hand; no reason is
//                            known why a game could not reach it), or "unreachable: <why>" (no
//                            game played by the rules does, rules.h's why_unreachable: compared,
//                            never counted against an engine). Optional when read; if given, it
//                            must be what this engine finds. } ] }
// Moves and KFEN as in rules.md §6; statuses as in the protocol (remote_engine.h).
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "src/kamisado/position.h"

namespace kamisado::conform {

struct CorpusCase {
  std::string name, rule, kfen;
  std::vector<std::string> setup;
  std::string position, status;
  std::vector<std::string> moves;
  struct After {
    std::string kfen, status;
  };
  std::map<std::string, After> after;
  std::string reach;  // "line", "constructed" or "unreachable: <why>" (see FORMAT)
  static constexpr std::string_view kUnreachable = "unreachable: ";
  bool unreachable() const { return reach.rfind(kUnreachable, 0) == 0; }
  // Why no game reaches it (the reach after "unreachable: "), or "".
  std::string why_unreachable() const { return unreachable() ? reach.substr(kUnreachable.size()) : ""; }
};

// The protocol's word for a position's status.
std::string protocol_status(const Position& pos);

// Fills in a case's expectations from our engine, given its name, rule, kfen and setup.
CorpusCase expect(std::string name, std::string rule, std::string kfen, std::vector<std::string> setup = {});

// The built-in corpus: the hand-built positions of the rule tests.
std::vector<CorpusCase> builtin_corpus();

nlohmann::json corpus_to_json(const std::vector<CorpusCase>& cases);
// Throws std::invalid_argument naming the case and field at fault.
std::vector<CorpusCase> corpus_from_json(const nlohmann::json& j);
// A corpus file, whose every expectation must be this engine's too; a file that cannot be read,
// is not a corpus or expects otherwise is an InputError naming it (and the case).
std::vector<CorpusCase> read_corpus(const std::string& path);
// The same from `in`, named `source` in what it throws ("corpus 'FILE'", "the corpus given").
std::vector<CorpusCase> read_corpus(std::istream& in, const std::string& source);

}  // namespace kamisado::conform
