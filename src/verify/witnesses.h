// Edge-case witnesses: complete positions that Z3 finds for each pass and deadlock edge case
// (M6, M8, M9), where the engine's verdict is compared with the spec's.
//
// A witness is a single-round position right after Gold's real move: 16 towers on distinct
// squares, none on its opponent's home row, Black to move the tower of the colour Gold's move
// ended on. The spec walks the chain of forced passes symbolically with its own blocked test
// and colour table; the engine's verdict comes from an EngineChain (tests swap in broken ones).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "src/kamisado/position.h"

namespace kamisado::verify {

// What follows the real move: the number of forced passes before someone can act, and then who
// must move which tower; or for a deadlock, passes -1 and next_side the loser (M8). An engine
// that ends the round in the middle of the passes gets passes -2 (never the spec's verdict):
// the loser of a deadlock is unique only if deadlocks arise right after real moves.
struct ChainVerdict {
  int passes = 0;
  Side next_side = Side::Black;
  Colour next_colour = Brown;
  bool operator==(const ChainVerdict&) const = default;
};
using EngineChain = std::function<ChainVerdict(const Position&)>;

// The engine's own verdict: pass_chain_length, then the passes played with Position::after.
EngineChain engine_chain();

struct Witness {
  std::string name, rule;
  std::string verdict;  // "found" (engine agrees), "disagrees", "impossible" or "unknown"
  std::string kfen;     // when found
  ChainVerdict spec, engine;
  double seconds = 0;
};

struct WitnessOptions {
  int longest_cycle_from = 8;         // search deadlock cycles of 8, 10, ... towers
  unsigned query_timeout_ms = 20000;  // per longest-cycle query
};

// Forced pass; pass chains of 1 to 6 links ending in a real move; deadlocks of 2, 4 and 6
// towers; and the longest deadlock cycle found (or proved impossible beyond a length).
std::vector<Witness> find_witnesses(const EngineChain& engine, const WitnessOptions& options = {});

}  // namespace kamisado::verify
