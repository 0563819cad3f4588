// A retrograde table counted (`kamisado retro stats`): its positions by value and distance, and
// every rule edge case among its positions' moves, exhaustively (issue 70): forced passes (M6),
// the chains of forced passes that follow a real move by length (M9), deadlocks by who is
// charged (M8: the player who made the real move), pushes by the pusher's rank and by how many
// towers they push (S2, S3), and the longest of each. A table is read a block at a time, so a
// table on disk is counted without being loaded; each block on `threads` threads.
//
// A seeded sample of the positions (each kept when a hash of its key falls under sample / size)
// is handed back, for the independent check against the rules' specification
// (src/verify/spec_position.h) that `retro stats` runs on it.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <vector>

#include "solver/retro/retro_lookup.h"

namespace kamisado::solver {

struct RetroEdgeCases {
  std::uint64_t positions = 0, wins = 0;
  std::map<int, std::array<std::uint64_t, 2>> by_distance;  // distance -> {losses, wins}
  std::uint64_t real_moves = 0;                             // steps and pushes, the round's end included
  std::uint64_t forced_passes = 0;                          // positions whose tower to move must pass (M6)
  std::map<int, std::uint64_t> chains;                      // real moves followed by exactly k forced passes (k >= 1), by k
  std::array<std::uint64_t, 2> deadlocks{};                 // real moves that deadlock (M8), by the side charged: {Black, Gold}
  std::array<std::array<std::uint64_t, 4>, 5> pushes{};     // [pusher's rank][towers pushed], 1 to 4 and 1 to 3
  std::vector<Position> sample;

  int longest_chain() const { return chains.empty() ? 0 : chains.rbegin()->first; }
  int most_pushed() const {  // the most towers one push sends back
    int most = 0;
    for (const auto& by_rank : pushes)
      for (std::size_t n = 1; n < by_rank.size(); ++n)
        if (by_rank[n]) most = std::max(most, int(n));
    return most;
  }
};

RetroEdgeCases count_edge_cases(const RetroLookup& table, int threads, std::uint64_t sample, std::uint64_t seed,
                                const std::atomic<bool>* stop = nullptr);

}  // namespace kamisado::solver
