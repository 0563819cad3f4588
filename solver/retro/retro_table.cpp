#include "solver/retro/retro_table.h"

#include <algorithm>

namespace kamisado::solver {

RetroTable::RetroTable(std::string root_kfen, const Position& root, std::vector<RetroEntry> entries)
    : root_kfen_(std::move(root_kfen)), root_(root), frame_(RoundFrame::of(root)), entries_(std::move(entries)) {}

std::int64_t RetroTable::find(RetroKey canonical) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), canonical, [](const RetroEntry& e, const RetroKey& k) { return e.key() < k; });
  if (it == entries_.end() || it->key() != canonical) return -1;
  return it - entries_.begin();
}

std::optional<RetroValue> RetroTable::value_of(RetroKey canonical) const {
  const std::int64_t i = find(canonical);
  if (i < 0) return std::nullopt;
  return entries_[std::size_t(i)].value();
}

}  // namespace kamisado::solver
