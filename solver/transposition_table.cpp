#include "transposition_table.h"

#include <bit>

namespace kamisado::solver {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  std::size_t slots = std::bit_floor(std::max<std::size_t>(1, megabytes * (std::size_t{1} << 20) / sizeof(Slot)));
  slots_.resize(slots);
  mask_ = slots - 1;
}

ProofNumbers TranspositionTable::lookup(std::uint64_t key) const {
  const Slot& s = slots_[key & mask_];
  return s.key == key ? s.numbers : ProofNumbers{};
}

void TranspositionTable::store(std::uint64_t key, ProofNumbers numbers) {
  Slot& s = slots_[key & mask_];
  bool old_settled = s.key != 0 && (s.numbers.pn == 0 || s.numbers.dn == 0);
  bool new_settled = numbers.pn == 0 || numbers.dn == 0;
  if (s.key != key && old_settled && !new_settled) return;
  if (s.key == 0) ++used_;
  s = {key, numbers};
}

}  // namespace kamisado::solver
