// A retrograde table in memory, as a build makes it: every position reachable from a root inside
// its round, each with its exact value for the side to move and its distance to the round's end
// in plies (retro_lookup.h).
//
// The positions are stored as canonical keys (retro_key.h) sorted in increasing order, so a
// position's rank is found by binary search; there is nothing else to store. The result sits in
// the key's unused top 16 bits, so an entry is 16 bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/retro/retro_lookup.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

class RetroTable final : public RetroLookup {
 public:
  RetroTable() = default;
  RetroTable(std::string root_kfen, const Position& root, std::vector<RetroEntry> entries);

  const std::string& root_kfen() const override { return root_kfen_; }
  const Position& root() const override { return root_; }
  const RoundFrame& frame() const override { return frame_; }
  std::uint64_t size() const override { return entries_.size(); }
  std::optional<RetroValue> value_of(RetroKey canonical) const override;
  void for_each_block(const std::function<void(std::span<const RetroEntry>)>& take, const std::atomic<bool>* stop = nullptr) const override {
    if (stop && stop->load()) throw Stopped("stopped while reading the table");
    take(entries_);
  }

  const std::vector<RetroEntry>& entries() const { return entries_; }
  // The index of a canonical key, or -1 if the table does not hold it.
  std::int64_t find(RetroKey canonical) const;

 private:
  std::string root_kfen_;
  Position root_ = Position::initial();
  RoundFrame frame_;
  std::vector<RetroEntry> entries_;
};

}  // namespace kamisado::solver
