// The round-start table (issue 29): proved round starts, each stored once under its canonical
// key (round_start.h), with its value, its exact distance where known, and whether its
// certificate was kept. Workers each write their own file; files are merged into one; the
// round-level search reads it to value round ends.
//
// VALUES. A start's value is for the side that moves first, in the question its key asks: a
// key with target 0 (a census start) is a single round, the round's winner; a key with a target
// is the match from there. So a census run seeds the table with its starts (seed_from_census).
//
// FILE FORMAT (version 1), integers little-endian:
//   magic     8 bytes  "KRSTART\x01"
//   count     8        entries that follow
//   entries   count × 32 bytes, keys strictly increasing:
//     hi, lo      16   the key
//     value        1   1: the side moving first wins, 2: it loses
//     flags        1   bit 0: plies known; bit 1: a certificate was kept (where is not the
//                      table's business: a match certificate's folder holds a layer per start
//                      under its key, match/match_certificate.h); other bits 0
//     reserved     2   0
//     plies        4   the exact distance in plies, when known (else 0)
//     nodes        8   the proof search's nodes (what it cost)
//   checksum  8        XXH64 (seed 0) of every byte before it
// A file whose magic, size, order, fields or checksum is wrong is refused with a one-line
// InputError naming it. Merging files that disagree on a start's value or distance is refused
// too: one of them is wrong, and neither is kept.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "solver/starts/round_start.h"

namespace kamisado::solver {

struct RoundStartValue {
  bool first_mover_wins = false;
  std::optional<std::uint32_t> plies;
  bool certificate = false;
  std::uint64_t nodes = 0;
  bool operator==(const RoundStartValue&) const = default;
};

class RoundStartTable {
 public:
  std::size_t size() const { return entries_.size(); }
  std::optional<RoundStartValue> find(const RoundStartKey& key) const;
  std::optional<RoundStartValue> find(const RoundStart& start) const { return find(key_of(start)); }
  // Adds what is known of a start: a new key, or more of a known one (a distance, a
  // certificate). An InputError if it contradicts what the table holds (`where` names the source).
  void add(const RoundStartKey& key, const RoundStartValue& value, const std::string& where = "the table");
  void merge(const RoundStartTable& other, const std::string& where);
  const std::map<RoundStartKey, RoundStartValue>& entries() const { return entries_; }

 private:
  std::map<RoundStartKey, RoundStartValue> entries_;
};

std::string encode_round_starts(const RoundStartTable& table);
RoundStartTable decode_round_starts(const std::string& bytes, const std::string& path);
// Atomically; an existing file that is not a round-start table is refused, never written over.
void write_round_starts(const RoundStartTable& table, const std::string& path);
// The magic and the size its count claims are checked before the file is read whole. `digest`, if
// given, gets the XXH64 of the whole file.
RoundStartTable read_round_starts(const std::string& path, std::uint64_t* digest = nullptr);
// Reads and merges several workers' files; an InputError names a damaged or contradicting one.
RoundStartTable merge_round_start_files(const std::vector<std::string>& paths);

// SHARDS. A run on the ranks of the job tree (match/by_rounds_tree.h) keeps the table `path` in
// shards, one file per rank that owns a part of the starts, beside it: `path`.shard-<rank>-of-<ranks>,
// each a round-start table of its own. A reader of the table `path` reads its shards too, so that a
// run on one machine goes on from a run on ranks, and a run on ranks from either.
std::string round_start_shard(const std::string& path, int rank, int ranks);
// The shard files beside `path`, of any number of ranks, sorted (not `path`, nor temporaries or locks).
std::vector<std::string> round_start_shards(const std::string& path);
// The files of the table `path`: the file if it is there, then its shards.
std::vector<std::string> round_start_table_files(const std::string& path);
// Whether there is a table at `path`: the file, or a shard of it.
bool round_start_table_exists(const std::string& path);
// The file `path` (if there) merged with its shards; an InputError names a damaged or
// contradicting one.
RoundStartTable read_round_starts_and_shards(const std::string& path);
// The bytes of that table: the file's own when it has no shards, else the merged table encoded.
std::string round_start_table_bytes(const std::string& path);

// A census result: the class index of a single-round start, and whether the side moving second
// won its round (census/shard.h), as the table's entry.
void seed_from_census(RoundStartTable& table, std::uint64_t class_index, bool second_mover_wins, std::uint64_t nodes);

}  // namespace kamisado::solver
