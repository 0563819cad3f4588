// The conformance harness: compares another engine, spoken to over the line protocol, with
// ours, and reports every deviation from the rules with its count and its smallest
// reproduction.
//
// Three sources of positions:
//   corpus     each case of the conformance corpus (corpus.h), its setup moves played first;
//   walk       every position up to a depth from a root, with every move's result compared, as
//              a perft/divide walk would. The roots: the start, built-in roots for the Sumo
//              round and the match when the engine plays them, and each --kfen; each root is a
//              source of its own ("walk: <root>");
//   play-outs  seeded random games, single rounds or matches, played move by move on the
//              engine, so that an engine that keeps a history shows it. A play-out goes on past a
//              disagreement from our position, so that one early deviation hides no later one;
//              what follows from a disagreement is its consequence, never a rule of its own: where
//              the engine sees a position otherwise (the round over, or a move not legal), it is
//              not asked to play the game's next move there.
// At each position the harness compares the status, the set of legal moves and, for each move
// played, the position it leads to. A corpus case or walk root that no game reaches is compared
// apart and never counted (HarnessReport::unreachable). Each disagreement is labelled with a rule (labels.h); a
// position the engine refuses is labelled "refused". A run's verdict is one line an author can
// cite: "conforms to rules.md except M6 (N positions checked, M play-outs)". The report, as JSON
// and as text, is written by the presentation layer: app/present/conformance_report.h.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "src/conform/corpus.h"
#include "src/conform/coverage.h"
#include "src/conform/engine.h"

namespace kamisado::conform {

struct HarnessOptions {
  std::string command;  // the engine's, started with /bin/sh -c (run_harness's first form)
  std::vector<CorpusCase> corpus;
  int depth = 2;                        // walk depth (0: no walk)
  std::vector<std::string> walk_roots;  // KFENs, walked after the start and the built-in roots
  int random_games = 20;
  std::uint64_t seed = 1;
  std::uint32_t match_target = 0;  // play-outs as matches to this target (0: single rounds)
  double timeout_seconds = 5;
  int max_plies = 3000;         // a play-out longer than this stops (no game is this long)
  std::set<std::string> allow;  // rule IDs the author knows the engine deviates from
};

// The rule IDs `--allow` accepts: rules.md's, and "refused".
bool is_rule_id(const std::string& id);
// `--allow` as given (each a comma-separated list; spaces around an ID are dropped): the rule IDs.
// InputError naming the first word that is no rule ID.
std::set<std::string> parse_allow(const std::vector<std::string>& lists);

struct Disagreement {
  std::string source;              // "corpus: <name>", "walk", "walk: <root>", "play-out 3"
  std::string kfen;                // where the reproduction starts
  std::vector<std::string> moves;  // then these moves...
  std::string what;                // ...and this request: "status", "moves", "play <move>", "position"
  std::string ours, theirs;
  std::string rule;                         // the rule ID involved (rules.md), or "refused"
  std::vector<std::string> missing, extra;  // for "moves": ours only, theirs only
};

// All disagreements of one rule: how many, where, and the smallest reproduction (fewest moves,
// then shortest KFEN).
struct Deviation {
  std::string rule;
  long count = 0;
  Disagreement smallest;
  std::vector<std::string> sources;  // each source that showed it, once
  bool allowed = false;
  // Play-out moves not asked of the engine because they would only repeat this deviation: at a
  // position it saw otherwise (the round over, or the move not legal). Never a rule of their own.
  long consequences = 0;
};

struct SourceSummary {
  std::string source;
  long positions = 0, requests = 0, disagreements = 0;
};

struct HarnessReport {
  std::string engine_name, command;
  std::vector<SourceSummary> sources;
  std::vector<Disagreement> disagreements;  // the first of each rule in each source
  std::vector<Deviation> deviations;        // one per rule, in rules.md order
  std::optional<std::string> failure;       // the engine timed out, exited or garbled a reply
  std::vector<std::string> features;        // what the engine declared it plays (empty: everything)
  std::vector<std::string> not_checked;     // what was left out because the engine does not play it
  struct ContextRules {
    Context context;
    bool played = true;                  // false: the engine does not declare it
    std::vector<std::string> checked;    // implied rules some comparison exercised
    std::vector<std::string> unchecked;  // implied rules none did
    std::vector<long> times;             // for each checked rule, the comparisons that exercised it
    std::vector<std::string> thin;       // checked rules exercised fewer than kEnough times
  };
  // How often a rule of a context is to be exercised before a run calls it checked, not thin: a
  // default run reaches every rule of each context the correct engine plays this often.
  static constexpr long kEnough = 3;
  std::vector<ContextRules> coverage;
  std::vector<std::string> allowed_unseen;  // rules --allow named that no comparison showed, in rules.md order
  // Sources whose positions no game played by the rules reaches (corpus cases, walk roots: see
  // why_unreachable in rules.h): compared, and what differs is shown, but never counted against
  // the engine, nor as coverage. An engine may refuse them.
  struct Unreached {
    std::string source, why;
    std::vector<Disagreement> disagreements;  // the first of each rule
  };
  std::vector<Unreached> unreachable;
  long play_outs = 0;

  long positions() const;
  // No failure, and every deviation allowed.
  bool conforms() const;
  // "conforms to rules.md except M6, M8 (12 345 positions checked, 20 play-outs)" and the like.
  std::string verdict() const;
};

// Runs the comparison against the engine `start` makes (engine.h: a child process, an object
// in-process). An engine that fails as it starts (it does not run, its greeting is wrong, it
// declares an unknown feature) is the report's failure. Progress lines go to `progress` when it
// is set.
using EngineStarter = std::function<std::unique_ptr<Engine>()>;
HarnessReport run_harness(const EngineStarter& start, const HarnessOptions& options, const std::function<void(const std::string&)>& progress = {});
// The same against the engine of `options.command`, a child process (remote_engine.cpp).
HarnessReport run_harness(const HarnessOptions& options, const std::function<void(const std::string&)>& progress = {});

// The deepest walk and the most play-outs a run takes, from the command line or a binding.
constexpr int kMostWalkDepth = 6, kMostPlayOuts = 100000;

// A run's options as a binding is given them (docs/python.md, docs/javascript.md), checked as
// `kamisado conform` checks its own: InputError for a depth or count of play-outs out of their
// ranges, a match that P3 does not name (empty: single rounds) or a word of `allow` that is no
// rule ID. The corpus is the built-in one.
HarnessOptions harness_options(int depth, int games, std::uint64_t seed, const std::string& match, const std::vector<std::string>& allow);

}  // namespace kamisado::conform
