// A census shard: the results of one slice of a run's starts, in a small binary file that each
// worker writes on its own (no shared file, no lock), atomically, when its slice is done.
//
// SHARD FILE FORMAT (version 1), integers little-endian:
//   magic     8 bytes  "KCENSUS\x01"
//   run       8        the run's id (manifest.json "run"): a shard of another run is refused
//   shard     4        its number in the run
//   count     4        records that follow
//   records   count × 24 bytes, in the order of the slice (its classes ascending):
//     index     4      the start's class (start_space.h)
//     winner    1      0: the side that moves first wins the round, 1: the other side
//     checked   1      1: the proof tree was built and re-checked by the checker
//     reserved  2      0
//     proof     4      the proof tree's positions
//     micros    4      time to prove, build and check, in microseconds (saturates)
//     nodes     8      df-pn nodes
//   checksum  8        XXH64 (seed 0) of every byte before it
// A file whose size, magic, version, run, shard number or checksum is wrong is refused with a
// one-line InputError naming the file; nothing else in the run is touched.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kamisado::solver {

struct ShardRecord {
  std::uint32_t index = 0;
  bool second_mover_wins = false;
  bool checked = false;
  std::uint32_t proof = 0;
  std::uint32_t micros = 0;
  std::uint64_t nodes = 0;
  bool operator==(const ShardRecord&) const = default;
};

std::string encode_shard(std::uint64_t run, std::uint32_t shard, const std::vector<ShardRecord>& records);
// The records of `bytes`, read from `path` (named in errors); checks run and shard number.
std::vector<ShardRecord> decode_shard(const std::string& bytes, const std::string& path, std::uint64_t run, std::uint32_t shard);

void write_shard(const std::string& path, std::uint64_t run, std::uint32_t shard, const std::vector<ShardRecord>& records);
std::vector<ShardRecord> read_shard(const std::string& path, std::uint64_t run, std::uint32_t shard);

}  // namespace kamisado::solver
