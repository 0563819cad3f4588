#include "solver/search/transposition_table.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <fstream>
#include <new>
#include <string>

#include <sys/mman.h>

#include "kamisado/errors.h"

namespace kamisado::solver {

namespace {

// The memory the system can give without swapping (Linux /proc/meminfo), or 0 if unknown.
std::size_t available_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("MemAvailable:", 0) == 0) return std::size_t(std::stoull(line.substr(13))) * 1024;
  return 0;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  count_ = std::bit_floor(std::max<std::size_t>(1, megabytes * (std::size_t{1} << 20) / sizeof(Bucket)));
  bucket_mask_ = count_ - 1;
  // Huge pages spare the search a TLB miss on nearly every look-up of a large table. The tags
  // follow the buckets in the same memory, so that they share its huge pages.
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  std::size_t bytes = count_ * (sizeof(Bucket) + 1);
  std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  // A table larger than the memory at hand would be granted (overcommit) and then kill the
  // process as it is cleared: refuse it first, saying what there is.
  const std::size_t available = available_bytes();
  void* memory = available && rounded > available ? nullptr
                                                  : std::aligned_alloc(bytes >= kHugePage ? kHugePage : alignof(Bucket), rounded);
  if (!memory)
    throw InputError("a table of " + std::to_string(rounded >> 20) + " MB (--hash) does not fit: " +
                     std::to_string(available >> 20) + " MB of memory is available");
#ifdef MADV_HUGEPAGE
  if (bytes >= kHugePage) madvise(memory, rounded, MADV_HUGEPAGE);
#endif
  buckets_ = static_cast<Bucket*>(memory);
  std::uninitialized_value_construct_n(buckets_, count_);
  tags_ = reinterpret_cast<std::uint8_t*>(buckets_ + count_);
  std::uninitialized_value_construct_n(tags_, count_);
}

TranspositionTable::~TranspositionTable() { std::free(buckets_); }

TranspositionTable::Found TranspositionTable::find(std::uint64_t key, Distance budget) const {
  const Entry* bucket = buckets_[key & bucket_mask_].entry;
  for (int i = 0; i < 2; ++i)
    if (bucket[i].key == key) return {bucket[i].bounds, bucket[i].budget == budget, bucket[i].numbers};
  return {};
}

void TranspositionTable::store(std::uint64_t key, Distance budget, ProofNumbers numbers, Bounds bounds) {
  Entry* bucket = buckets_[key & bucket_mask_].entry;
  Entry* e = bucket[0].key == key ? &bucket[0] : bucket[1].key == key ? &bucket[1] : nullptr;
  if (e) {
    bounds.at_least = std::max(bounds.at_least, e->bounds.at_least);
    bounds.at_most = std::min(bounds.at_most, e->bounds.at_most);
  } else {
    // An empty entry, else one that knows no bounds; a new position that knows no bounds
    // itself does not displace two that do.
    e = bucket[0].key == 0 ? &bucket[0] : bucket[1].key == 0 ? &bucket[1] : nullptr;
    if (e) ++used_;
    else if (!bucket[1].knows_bounds()) e = &bucket[1];
    else if (!bucket[0].knows_bounds()) e = &bucket[0];
    else if (Entry{key, numbers, budget, bounds}.knows_bounds()) e = &bucket[1];
    else return;
  }
  *e = {key, numbers, budget, bounds};
  tags_[key & bucket_mask_] = std::uint8_t((bucket[0].key ? tag(bucket[0].key) : 0) | (bucket[1].key ? tag(bucket[1].key) : 0));
}

}  // namespace kamisado::solver
