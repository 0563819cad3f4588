// A retrograde table: every position reachable from a root inside its round, each with its
// exact value for the side to move and its distance to the round's end in plies.
//
// The positions are stored as canonical keys (retro_key.h) sorted in increasing order, so a
// position's rank is found by binary search; there is nothing else to store. The result sits in
// the key's unused top 16 bits, so an entry is 16 bytes.
//
// Value and distance are those of a perfect game (rules.md §2): the winner wins as fast as he
// can and the loser holds out as long as he can. A pass and the extra turn after a push (S4)
// are plies like any other.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/retro/retro_key.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

struct RetroValue {
  bool win = false;  // for the side to move
  int distance = 0;  // plies to the round's end; at least 1
  constexpr bool operator==(const RetroValue&) const = default;
};

// A result packed in 16 bits: distance * 2 + win; 0 means not yet known.
constexpr std::uint16_t pack_value(RetroValue v) { return std::uint16_t(v.distance * 2 + (v.win ? 1 : 0)); }
constexpr RetroValue unpack_value(std::uint16_t bits) { return {(bits & 1) != 0, bits >> 1}; }
constexpr int kMaxRetroDistance = 0x7FFF;

struct RetroEntry {
  RetroKey bits;  // the key, with the packed result in hi's top 16 bits
  RetroKey key() const { return {bits.lo, bits.hi & kKeyHiMask}; }
  std::uint16_t packed() const { return std::uint16_t(bits.hi >> 48); }
  RetroValue value() const { return unpack_value(packed()); }
};

class RetroTable {
 public:
  RetroTable() = default;
  RetroTable(std::string root_kfen, const Position& root, std::vector<RetroEntry> entries);

  const std::string& root_kfen() const { return root_kfen_; }
  const Position& root() const { return root_; }
  const RoundFrame& frame() const { return frame_; }
  const std::vector<RetroEntry>& entries() const { return entries_; }
  std::size_t size() const { return entries_.size(); }

  // The index of a canonical key, or -1 if the table does not hold it.
  std::int64_t find(RetroKey canonical) const;
  // The value of a position, if it is in the table. A position of another round (other ranks
  // or score) or one not reachable from the root is not.
  std::optional<RetroValue> probe(const Position& pos) const;

 private:
  std::string root_kfen_;
  Position root_ = Position::initial();
  RoundFrame frame_;
  std::vector<RetroEntry> entries_;
};

// What a child position means to the side that moved into it: its value, if the table or the
// rules decide it. A finished round is decided by the rules; anything else is looked up.
struct MoveOutcome {
  bool known = false;
  bool mover_wins = false;
  int distance = 0;  // plies from the parent, this move included
};
MoveOutcome move_outcome(const RetroTable& table, const Position& parent, const Position& child);

// The value a position must have given its children's (minimax over plies): the fastest win if
// some move wins, else the longest loss. Empty if a child is missing from the table.
std::optional<RetroValue> value_from_children(const RetroTable& table, const Position& pos);

// The moves that reach the position's value at its distance: each fastest win, or in a lost
// position each longest defence. Empty if the position is not in the table.
std::vector<Move> optimal_moves(const RetroTable& table, const Position& pos);

}  // namespace kamisado::solver
