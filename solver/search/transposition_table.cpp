#include "solver/search/transposition_table.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <memory>
#include <new>
#include <string>

#include <sys/mman.h>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

// The memory the system can give without swapping (Linux /proc/meminfo), or 0 if unknown.
std::uint64_t available_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("MemAvailable:", 0) == 0) return std::uint64_t(std::stoull(line.substr(13))) * 1024;
  return 0;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  if (megabytes < kLeastMegabytes || megabytes > kMostMegabytes)
    throw InputError("a search table of " + std::to_string(megabytes) + " MB: it takes " + std::to_string(kLeastMegabytes) + " to " +
                         std::to_string(kMostMegabytes) + " MB",
                     "hash");
  // Huge pages spare the search a TLB miss on nearly every look-up of a large table. The tags
  // follow the buckets in the same memory, so that they share its huge pages. Sizes in 64 bits:
  // in a 32-bit build (WebAssembly) a large table must be refused, not wrapped to a small one.
  constexpr std::uint64_t kHugePage = std::uint64_t{2} << 20;
  const std::uint64_t buckets = buckets_for(megabytes), bytes = buckets * (sizeof(Bucket) + 1);
  const std::uint64_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  // A table larger than the memory at hand would be granted (overcommit) and then kill the
  // process as it is cleared: refuse it first, saying what there is.
  const std::uint64_t available = available_bytes();
  const bool fits = rounded <= std::numeric_limits<std::size_t>::max() / 2 && (!available || rounded <= available);
  void* memory = fits ? std::aligned_alloc(bytes >= kHugePage ? std::size_t(kHugePage) : alignof(Bucket), std::size_t(rounded)) : nullptr;
  if (!memory)
    throw InputError(
        "a search table of " + std::to_string(megabytes) + " MB does not fit: " +
            (available ? std::to_string(available >> 20) + " MB of memory is available" : std::string("this process cannot have that much memory")),
        "hash");
  count_ = std::size_t(buckets);
#ifdef MADV_HUGEPAGE
  if (bytes >= kHugePage) madvise(memory, std::size_t(rounded), MADV_HUGEPAGE);
#endif
  buckets_ = static_cast<Bucket*>(memory);
  std::uninitialized_value_construct_n(buckets_, count_);
  tags_ = reinterpret_cast<std::uint8_t*>(buckets_ + count_);
  std::uninitialized_value_construct_n(tags_, count_);
}

TranspositionTable::~TranspositionTable() { std::free(buckets_); }

void TranspositionTable::clear() {
  std::uninitialized_value_construct_n(buckets_, count_);
  std::uninitialized_value_construct_n(tags_, count_);
  used_ = 0;
}

TranspositionTable::Found TranspositionTable::find(std::uint64_t key, Distance budget) const {
  const Entry* bucket = buckets_[bucket_of(key)].entry;
  const std::uint32_t check = check_of(key);
  for (std::size_t i = 0; i < kEntriesPerBucket; ++i)
    if (bucket[i].check == check) return {bucket[i].bounds(), bucket[i].budget == budget, {bucket[i].pn, bucket[i].dn}};
  return {};
}

void TranspositionTable::store(std::uint64_t key, Distance budget, ProofNumbers numbers, Bounds bounds) {
  const std::size_t b = bucket_of(key);
  Entry* bucket = buckets_[b].entry;
  const std::uint32_t check = check_of(key);
  Entry* e = nullptr;
  for (std::size_t i = 0; i < kEntriesPerBucket && !e; ++i)
    if (bucket[i].check == check) e = &bucket[i];
  Entry next{check, numbers.pn, numbers.dn, budget, bounds.at_least, bounds.at_most};
  if (e) {
    next.at_least = std::max(next.at_least, e->at_least);
    next.at_most = std::min(next.at_most, e->at_most);
  } else {
    // An empty entry, else the last that knows no bounds; a new position that knows no bounds
    // itself does not displace entries that all do.
    for (std::size_t i = 0; i < kEntriesPerBucket && !e; ++i)
      if (bucket[i].check == 0) e = &bucket[i], ++used_;
    for (std::size_t i = kEntriesPerBucket; i-- > 0 && !e;)
      if (!bucket[i].knows_bounds()) e = &bucket[i];
    if (!e && next.knows_bounds()) e = &bucket[kEntriesPerBucket - 1];
    if (!e) return;
  }
  *e = next;
  std::uint8_t tags = 0;
  for (const Entry& held : buckets_[b].entry)
    if (held.check) tags |= tag_of_check(held.check);
  tags_[b] = tags;
}

void TranspositionTable::forget(std::uint64_t key) {
  const std::size_t b = bucket_of(key);
  const std::uint32_t check = check_of(key);
  std::uint8_t tags = 0;
  for (Entry& held : buckets_[b].entry) {
    if (held.check == check) held = Entry{}, --used_;
    if (held.check) tags |= tag_of_check(held.check);
  }
  tags_[b] = tags;
}

}  // namespace kamisado::solver
