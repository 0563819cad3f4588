// The transposition table of the proof-number search: proof and disproof numbers by position
// key, in a fixed amount of memory set by the user (--hash MB).
//
// One entry a slot, the slot chosen by the key's low bits; a new entry replaces the old one
// unless the old one is proved or disproved and the new one is not, since a proof is the most
// expensive thing to recompute. Losing an entry costs time, never correctness: df-pn then
// starts that node again from (1, 1), and a parent keeps its children's numbers itself while
// it searches them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kamisado::solver {

struct ProofNumbers {
  std::uint32_t pn = 1, dn = 1;  // for the side to move at that position
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);
  // The stored numbers, or (1, 1) for a position not in the table.
  ProofNumbers lookup(std::uint64_t key) const;
  void store(std::uint64_t key, ProofNumbers numbers);
  std::size_t bytes() const { return slots_.size() * sizeof(Slot); }
  double fill() const { return double(used_) / double(slots_.size()); }

 private:
  struct Slot {
    std::uint64_t key = 0;
    ProofNumbers numbers;
  };
  std::vector<Slot> slots_;
  std::uint64_t mask_;
  std::size_t used_ = 0;
};

}  // namespace kamisado::solver
