// Cross-checking a retrograde table with the proof-number search (solve.h): two independent
// methods, backward induction over the whole reachable set and a forward search from a single
// position, must agree on each sampled position's value and exact distance.
//
// The sample is seeded: `sample` entries spread evenly over the distances present (most of a
// table is won in one ply), plus every entry whose distance is at least `long_distance`: the
// long ones are where a shortcut in either method would show.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "solver/retro/retro_lookup.h"

namespace kamisado::solver {

struct RetroCrossCheckOptions {
  std::uint64_t sample = 10'000;
  std::uint64_t seed = 1;
  int long_distance = 15;
  std::size_t hash_mb = 64;
};

struct RetroCrossCheck {
  std::uint64_t checked = 0;    // positions compared
  std::uint64_t long_ones = 0;  // of which with distance >= long_distance
  int longest = 0;              // the longest distance compared
  std::uint64_t disagreements = 0;
  std::string first_disagreement;  // KFEN, the table's value, the search's
  double seconds = 0;
  bool holds() const { return disagreements == 0 && checked > 0; }
};

// `progress` gets the number compared so far and the number to compare. The table is read a
// block at a time, twice (a table on disk is never loaded).
RetroCrossCheck cross_check(const RetroLookup& table, const RetroCrossCheckOptions& options,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace kamisado::solver
