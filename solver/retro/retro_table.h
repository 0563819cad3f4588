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

namespace kamisado::solver {

struct RetroEntry {
  RetroKey bits;  // the key, with the packed result in hi's top 16 bits
  RetroKey key() const { return {bits.lo, bits.hi & kKeyHiMask}; }
  std::uint16_t packed() const { return std::uint16_t(bits.hi >> 48); }
  RetroValue value() const { return unpack_value(packed()); }
};

class RetroTable final : public RetroLookup {
 public:
  RetroTable() = default;
  RetroTable(std::string root_kfen, const Position& root, std::vector<RetroEntry> entries);

  const std::string& root_kfen() const override { return root_kfen_; }
  const Position& root() const override { return root_; }
  const RoundFrame& frame() const override { return frame_; }
  std::uint64_t size() const override { return entries_.size(); }
  std::optional<RetroValue> value_of(RetroKey canonical) const override;

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
