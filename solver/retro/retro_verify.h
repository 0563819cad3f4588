// Re-checking a retrograde table against the rules, position by position, the way Syzygy's
// verifier re-checks every stored value: each entry's key must stand for an unfinished position
// of the root's round in its canonical orientation, every one of its moves must lead to a
// finished round or to a position in the table, and its stored value must be the one its
// successors give it (value_from_children in retro_table.h). The stored values are checked
// against each other, not trusted: a single wrong value is caught at its own entry or at a
// parent that disagrees with it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "solver/retro/retro_table.h"

namespace kamisado::solver {

struct RetroVerifyResult {
  std::uint64_t checked = 0;
  std::uint64_t failures = 0;
  std::string first_failure;  // the lowest failing entry: its index, KFEN and what is wrong
  bool holds() const { return failures == 0 && checked > 0; }
};

// `progress` is called from one thread at a time with the number of entries checked so far.
RetroVerifyResult verify_retro_table(const RetroTable& table, int threads, const std::function<void(std::uint64_t)>& progress = {});

}  // namespace kamisado::solver
