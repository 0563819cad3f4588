// The transposition table of the proof-number search, in a fixed amount of memory set by the
// user (--hash MB for the buckets, and 1/64 of that again for their tags, below).
//
// Each entry holds two kinds of knowledge about one position and one question (the caller mixes
// the attacker and the distance metric into the key):
//   - proved bounds on the attacker's distance to win, `at_least` and `at_most`. They are facts
//     and hold for every later search, whatever its budget: a win within 5 plies is a win within
//     7, and a position refuted within 9 is refuted within 4;
//   - the working proof and disproof numbers of the last search, valid only for that search's
//     budget (the numbers of "win within 5" say nothing about "win within 7").
//
// Buckets of three entries in one cache line (20 bytes each: a 32-bit check of the key, the two
// numbers, the budget and the bounds; static_asserts below), any number of buckets: the key's
// high bits choose one by multiplying (Lemire's fast range), so that --hash is used whole and a
// 16 GB table holds 738 M positions. The check is the key's low 32 bits: with the bucket's
// choice, about 60 bits of the key must agree. A new position replaces the entry that knows no
// bounds first, since a proof is the most expensive thing to recompute. Losing an entry costs
// time, never correctness: the search then starts that node again, and a parent keeps its
// children's numbers itself while it searches them. A false match (two keys agreeing in those
// 60 bits) could mislead the search; a certificate's checker would refuse what came of it.
//
// The table's misses are most of the search's time: each expansion looks up every child, and
// most children of a search are new, so most look-ups find nothing, after a trip to main
// memory. Beside the buckets, one tag byte per bucket (1/64 of the table: a 64 MB table's
// tags fit in a core's 2 MB L2 cache) has a bit set for each key the bucket holds, picked by
// three bits of the check (the bucket's choice does not use them). A look-up whose bit is clear knows the position is absent without
// reading the bucket; the search prefetches only the buckets whose tags say they may hold the
// child. The tags are rewritten from the bucket's keys on every store, so they never go stale.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace kamisado::solver {

// A distance to win, in plies or in the winner's moves. kNever: the attacker cannot win at all.
// As a budget, kUnbounded asks whether the attacker wins at all, however long it takes.
using Distance = std::uint16_t;
constexpr Distance kNever = 0xFFFF;
constexpr Distance kUnbounded = 0xFFFE;

// The distance adds up along a line; a finite sum stays below kNever.
constexpr Distance add(Distance d, Distance cost) {
  if (d == kNever) return kNever;
  return unsigned(d) + cost >= kUnbounded ? kUnbounded : Distance(d + cost);
}

struct Bounds {
  Distance at_least = 0, at_most = kNever;  // at_least == kNever: no win at all
  constexpr bool exact() const { return at_least == at_most; }
};

struct ProofNumbers {
  std::uint32_t pn = 1, dn = 1;  // for the attacker: leaves still to prove, to disprove
};

class TranspositionTable {
 public:
  // The sizes a table may have, in MB: what --hash takes everywhere (the command line, the
  // server, the bindings). Any other is an InputError, as is one the memory at hand (or, in a
  // 32-bit build, the address space) cannot hold.
  static constexpr std::size_t kLeastMegabytes = 1, kMostMegabytes = 65536;
  explicit TranspositionTable(std::size_t megabytes);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  struct Found {
    Bounds bounds;             // what is proved about this position
    bool has_numbers = false;  // numbers were stored for this budget
    ProofNumbers numbers;
  };
  Found lookup(std::uint64_t key, Distance budget) const { return may_hold(key) ? find(key, budget) : Found{}; }
  // Merges `bounds` with what is known and keeps `numbers` as the numbers for `budget`.
  void store(std::uint64_t key, Distance budget, ProofNumbers numbers, Bounds bounds);
  // Starts bringing `key`'s bucket into the cache, if its tag says the bucket may hold it.
  void prefetch(std::uint64_t key) const {
    if (may_hold(key)) __builtin_prefetch(&buckets_[bucket_of(key)]);
  }
  // Starts bringing `key`'s tag into the cache, to be read by prefetch() or lookup() a little later.
  void prefetch_tag(std::uint64_t key) const { __builtin_prefetch(&tags_[bucket_of(key)]); }
  // Starts bringing `key`'s bucket into the cache for a store.
  void prefetch_for_store(std::uint64_t key) const { __builtin_prefetch(&buckets_[bucket_of(key)]); }

  std::size_t bytes() const { return count_ * (sizeof(Bucket) + 1); }
  std::size_t capacity() const { return kEntriesPerBucket * count_; }  // positions it can hold
  // The positions a table of `megabytes` (--hash) holds, without making it.
  static std::size_t capacity_for(std::size_t megabytes) { return kEntriesPerBucket * buckets_for(megabytes); }
  double fill() const { return double(used_) / double(capacity()); }

  // The table's memory whole (the buckets, then their tags) and its count of entries in use: what
  // a checkpoint saves and restores (proof/checkpoint.h). Entries are plain data, so the
  // bytes restored are the table as it was saved.
  std::span<const std::byte> memory() const { return {reinterpret_cast<const std::byte*>(buckets_), bytes()}; }
  std::span<std::byte> memory() { return {reinterpret_cast<std::byte*>(buckets_), bytes()}; }
  std::size_t used() const { return used_; }
  void restore_used(std::size_t used) { used_ = std::min(used, capacity()); }
  // Empties the table, as new.
  void clear();
  // Drops what the table holds of `key`, so that a search of it searches again.
  void forget(std::uint64_t key);

  static constexpr std::size_t kEntriesPerBucket = 3;
  // What one position costs: its share of a bucket and of a tag.
  static constexpr double kBytesPerPosition = (64.0 + 1.0) / kEntriesPerBucket;

 private:
  struct Entry {
    std::uint32_t check = 0;  // check_of(key); 0: empty
    std::uint32_t pn = 1, dn = 1;
    Distance budget = 0;
    Distance at_least = 0, at_most = kNever;
    Bounds bounds() const { return {at_least, at_most}; }
    bool knows_bounds() const { return at_most != kNever || at_least > 1; }
  };
  struct alignas(64) Bucket {
    Entry entry[kEntriesPerBucket];
  };
  static_assert(sizeof(Entry) == 20, "an entry is packed into 20 bytes");
  static_assert(sizeof(Bucket) == 64, "three entries share one cache line");

  // In 64 bits whatever the build's size_t (WebAssembly's is 32): a size past the bound is
  // refused by the constructor, never wrapped to a small one.
  static std::size_t buckets_for(std::size_t megabytes) {
    const std::uint64_t mb = std::min<std::uint64_t>(megabytes, kMostMegabytes);
    return std::size_t(std::max<std::uint64_t>(1, (mb << 20) / (sizeof(Bucket) + 1)));
  }
  static std::uint32_t check_of(std::uint64_t key) { return std::uint32_t(key) | 1; }
  // Three bits of the check, so that a bucket's tag byte can be rebuilt from its entries.
  static std::uint8_t tag_of_check(std::uint32_t check) { return std::uint8_t(1u << ((check >> 1) & 7)); }
  static std::uint8_t tag(std::uint64_t key) { return tag_of_check(check_of(key)); }
  __extension__ using Wide = unsigned __int128;  // g++'s 128-bit product, one instruction on x86-64
  std::size_t bucket_of(std::uint64_t key) const { return std::size_t(Wide(key) * count_ >> 64); }
  bool may_hold(std::uint64_t key) const { return tags_[bucket_of(key)] & tag(key); }
  Found find(std::uint64_t key, Distance budget) const;

  Bucket* buckets_;     // in huge pages where the system has them: the table is read at random
  std::uint8_t* tags_;  // one per bucket, after the buckets: tag(key) of each key it holds
  std::size_t count_;
  std::size_t used_ = 0;
};

}  // namespace kamisado::solver
