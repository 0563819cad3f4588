// Re-checking a retrograde table against the rules, position by position, the way Syzygy's
// verifier re-checks every stored value: each entry's key must stand for an unfinished position
// of the root's round in its canonical orientation, every one of its moves must lead to a
// finished round or to a position in the table, and its stored value must be the one its
// successors give it (value_from_children in retro_table.h). The stored values are checked
// against each other, not trusted: a single wrong value is caught at its own entry or at a
// parent that disagrees with it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "solver/retro/retro_lookup.h"
#include "solver/retro/retro_table.h"

namespace kamisado::solver {

struct RetroVerifyResult {
  std::uint64_t checked = 0;
  std::uint64_t failures = 0;
  std::string first_failure;  // the lowest failing entry: its index, KFEN and what is wrong
  bool holds() const { return failures == 0 && checked > 0; }
};

// `progress` is called from one thread at a time with the number of entries checked so far.
// The first failure is named by its index.
// Each check ends at `stop` raised, throwing Stopped (the layers' work folder removed).
RetroVerifyResult verify_retro_table(const RetroTable& table, int threads, const std::function<void(std::uint64_t)>& progress = {},
                                     const std::atomic<bool>* stop = nullptr);

// The same check of a table of any size, a table file probed where it lies (retro_file.h), in
// the memory of a build's solve rather than the table's: its entries are split by advancement
// potential into the layers of a build (retro_layers.h), each a file in the folder `work_dir`
// (made for the check and removed after it, retro_work.h), then checked from the highest layer
// down, holding the layer checked and the layers its moves reach (each read back when a move
// first reaches it, let go when no move from the layers left can). The first failure is the one
// of least key, named by its position. `progress`: the phase ("splitting", "checking") and the
// entries done in it.
RetroVerifyResult verify_retro_in_layers(const RetroLookup& table, int threads, const std::string& work_dir,
                                         const std::function<void(const char* phase, std::uint64_t)>& progress = {},
                                         const std::atomic<bool>* stop = nullptr);

// The check as the table lies: a table in memory (a version 1 file is read whole) where it is,
// a table file in layers, its work folder `work_dir`.
RetroVerifyResult verify_retro(const RetroLookup& table, int threads, const std::string& work_dir,
                               const std::function<void(const char* phase, std::uint64_t)>& progress = {}, const std::atomic<bool>* stop = nullptr);

}  // namespace kamisado::solver
