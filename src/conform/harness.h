// The conformance harness: compares another engine, spoken to over the line protocol, with
// ours, and reports every disagreement as a minimal reproduction with the rule involved.
//
// Three sources of positions:
//   corpus     each case of the conformance corpus (corpus.h), its setup moves played first;
//   walk       every position up to a depth from the start (and from --kfen positions), with
//              every move's result compared, as a perft/divide walk would;
//   play-outs  seeded random games, single rounds or matches, played move by move on the
//              engine, so that an engine that keeps a history shows it.
// At each position the harness compares the status, the set of legal moves and, for each move
// played, the position it leads to. A disagreement is reported once per source and rule, as
// the shortest move sequence from a KFEN that shows it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conform/corpus.h"

namespace kamisado::conform {

struct HarnessOptions {
  std::string command;
  std::vector<CorpusCase> corpus;
  int depth = 2;                        // walk depth (0: no walk)
  std::vector<std::string> walk_roots;  // KFENs; the standard start is always walked
  int random_games = 20;
  std::uint64_t seed = 1;
  std::uint32_t match_target = 0;  // play-outs as matches to this target (0: single rounds)
  double timeout_seconds = 5;
  int max_plies = 3000;  // a play-out longer than this stops (no game is this long)
};

struct Disagreement {
  std::string source;              // "corpus: <name>", "walk", "play-out 3"
  std::string kfen;                // where the reproduction starts
  std::vector<std::string> moves;  // then these moves...
  std::string what;                // ...and this request: "status", "moves" or "play <move>"
  std::string ours, theirs;
  std::string rule;  // the rule ID involved (rules.md)
};

struct SourceSummary {
  std::string source;
  long positions = 0, requests = 0, disagreements = 0;
};

struct HarnessReport {
  std::string engine_name;
  std::vector<SourceSummary> sources;
  std::vector<Disagreement> disagreements;
  std::optional<std::string> failure;    // the engine timed out, exited or garbled a reply
  std::vector<std::string> features;     // what the engine declared it plays (empty: everything)
  std::vector<std::string> not_checked;  // what was left out because the engine does not play it
  bool conforms() const { return disagreements.empty() && !failure; }
};

// Runs the comparison. Progress lines go to `progress` when it is set (called at most once a
// second by the caller's choice of what to print).
HarnessReport run_harness(const HarnessOptions& options, void (*progress)(const std::string&) = nullptr);

// The report for scripts (JSON) and for people: each disagreement as a reproduction, then a
// table of the sources and the verdict.
nlohmann::json harness_json(const HarnessReport& r);
std::string harness_text(const HarnessReport& r);

}  // namespace kamisado::conform
