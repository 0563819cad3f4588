// The round-start table (starts/round_start_table.h) as what a match search knows of round
// starts (search/dfpn.h, RoundStartOracle): a start the table holds is decided for the side it
// names, so the search stops at the round's end instead of playing the next round again. The
// first step of the match proved round by round (issue 29): each start is proved once, as a job
// of its own, and every round end that leads to it reuses the answer.
#pragma once

#include <atomic>
#include <cstdint>

#include "solver/search/dfpn.h"
#include "solver/starts/round_start_table.h"

namespace kamisado::solver {

class TableOracle final : public RoundStartOracle {
 public:
  explicit TableOracle(const RoundStartTable& table) : table_(table) {}
  std::optional<Side> match_winner(const Position& start) const override;
  std::uint64_t hits() const { return hits_; }
  std::uint64_t misses() const { return misses_; }

 private:
  const RoundStartTable& table_;
  mutable std::atomic<std::uint64_t> hits_{0}, misses_{0};
};

}  // namespace kamisado::solver
