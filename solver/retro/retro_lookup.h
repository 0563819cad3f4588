// What a question to a retrograde table needs, wherever the table lies: in memory as a build
// made it (retro_table.h) or in its file, probed where it lies (retro_file.h, RetroFile). The
// value of a position, the value its children give it, and its optimal moves are asked the same
// way of both.
//
// Value and distance are those of a perfect game (rules.md §2): the winner wins as fast as he
// can and the loser holds out as long as he can. A pass and the extra turn after a push (S4)
// are plies like any other.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
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

// What the minimax over a position's moves asks of stored values: the frame their keys are made
// in, and a child's value. A table, or the layers of one a check holds (retro_verify.h).
class RetroValues {
 public:
  virtual ~RetroValues() = default;
  virtual const RoundFrame& frame() const = 0;
  // The value stored for a canonical key (retro_key.h), if the table holds it.
  virtual std::optional<RetroValue> value_of(RetroKey canonical) const = 0;
  // The same for a child position whose canonical key is known: values kept in layers of
  // advancement potential (retro_layers.h) find the layer from the position.
  virtual std::optional<RetroValue> value_of_child(const Position& /*child*/, RetroKey canonical) const { return value_of(canonical); }
};

class RetroLookup : public RetroValues {
 public:
  virtual const std::string& root_kfen() const = 0;
  virtual const Position& root() const = 0;
  virtual std::uint64_t size() const = 0;
  // Every entry in key order, a block at a time (a file's block, checked as it is read, or the
  // whole table in memory). `stop` raised: Stopped.
  virtual void for_each_block(const std::function<void(std::span<const RetroEntry>)>& take, const std::atomic<bool>* stop = nullptr) const = 0;

  // The value of a position, if it is in the table. A position of another round (other ranks
  // or score) or one not reachable from the root is not.
  std::optional<RetroValue> probe(const Position& pos) const;
};

// What a child position means to the side that moved into it: its value, if the table or the
// rules decide it. A finished round is decided by the rules; anything else is looked up.
struct MoveOutcome {
  bool known = false;
  bool mover_wins = false;
  int distance = 0;  // plies from the parent, this move included
};
MoveOutcome move_outcome(const RetroValues& table, const Position& parent, const Position& child);

// The value a position must have given its children's (minimax over plies): the fastest win if
// some move wins, else the longest loss. Empty if a child is missing from the table.
std::optional<RetroValue> value_from_children(const RetroValues& table, const Position& pos);

// The moves that reach the position's value at its distance: each fastest win, or in a lost
// position each longest defence. Empty if the position is not in the table.
std::vector<Move> optimal_moves(const RetroLookup& table, const Position& pos);

}  // namespace kamisado::solver
