// Push edge-case witnesses (S2–S5, M8 after a push): complete positions that Z3 finds where a
// Black Sumo is to move, for each push edge case; the engine's verdict there is compared with
// the spec's. Other towers are plain (rank 0), which keeps M6 for them a test of the squares
// ahead; the pusher has rank 1 to 3.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "src/kamisado/move.h"
#include "src/kamisado/position.h"
#include "src/verify/witnesses.h"

namespace kamisado::verify {

// What follows a push in the engine: the chain after it (passes and who moves next with which
// tower, or -1 and the loser for a deadlock).
using EngineAfterPush = std::function<ChainVerdict(const Position& before, Move push)>;
EngineAfterPush engine_after_push();

struct PushWitness {
  std::string name, rule;
  std::string verdict;  // "found", "disagrees", "impossible" or "unknown"
  std::string kfen;     // the position before the push (Black Sumo to move)
  std::string detail;   // what the spec and the engine say
  double seconds = 0;
};

std::vector<PushWitness> find_push_witnesses(const EngineAfterPush& engine, unsigned timeout_ms = 30000);

}  // namespace kamisado::verify
