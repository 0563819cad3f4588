#include "solver/census/shard.h"

#include <xxhash.h>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

constexpr char kMagic[8] = {'K', 'C', 'E', 'N', 'S', 'U', 'S', 1};
constexpr std::size_t kHeader = 8 + 8 + 4 + 4, kRecord = 24, kChecksum = 8;

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}
std::uint64_t get(const std::string& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | std::uint8_t(in[at + std::size_t(i)]);
  return v;
}

}  // namespace

std::string encode_shard(std::uint64_t run, std::uint32_t shard, const std::vector<ShardRecord>& records) {
  std::string out(kMagic, sizeof kMagic);
  put(out, run, 8);
  put(out, shard, 4);
  put(out, records.size(), 4);
  for (const ShardRecord& r : records) {
    put(out, r.index, 4);
    put(out, r.second_mover_wins, 1);
    put(out, r.checked, 1);
    put(out, 0, 2);
    put(out, r.proof, 4);
    put(out, r.micros, 4);
    put(out, r.nodes, 8);
  }
  put(out, XXH64(out.data(), out.size(), 0), 8);
  return out;
}

std::vector<ShardRecord> decode_shard(const std::string& bytes, const std::string& path, std::uint64_t run, std::uint32_t shard) {
  auto bad = [&](const std::string& why) { return InputError(path + ": " + why); };
  if (bytes.size() < sizeof kMagic || bytes.compare(0, sizeof kMagic, kMagic, sizeof kMagic) != 0) {
    if (bytes.size() >= 7 && bytes.compare(0, 7, kMagic, 7) == 0) throw bad("census shard of another format version");
    throw bad("not a census shard (bad magic)");
  }
  if (bytes.size() < kHeader + kChecksum) throw bad("truncated census shard");
  const std::uint64_t count = get(bytes, 20, 4);
  if (bytes.size() != kHeader + count * kRecord + kChecksum) throw bad("truncated or padded census shard (its size does not match its count)");
  if (XXH64(bytes.data(), bytes.size() - kChecksum, 0) != get(bytes, bytes.size() - kChecksum, 8))
    throw bad("corrupt census shard: the checksum does not match");
  if (get(bytes, 8, 8) != run) throw bad("a shard of another census run");
  if (get(bytes, 16, 4) != shard) throw bad("holds shard " + std::to_string(get(bytes, 16, 4)) + ", not shard " + std::to_string(shard));
  std::vector<ShardRecord> records(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t at = kHeader + i * kRecord;
    ShardRecord& r = records[i];
    r.index = std::uint32_t(get(bytes, at, 4));
    const auto winner = get(bytes, at + 4, 1), checked = get(bytes, at + 5, 1);
    if (winner > 1 || checked > 1 || get(bytes, at + 6, 2) != 0) throw bad("bad record " + std::to_string(i + 1));
    r.second_mover_wins = winner, r.checked = checked;
    r.proof = std::uint32_t(get(bytes, at + 8, 4));
    r.micros = std::uint32_t(get(bytes, at + 12, 4));
    r.nodes = get(bytes, at + 16, 8);
  }
  return records;
}

void write_shard(const std::string& path, std::uint64_t run, std::uint32_t shard, const std::vector<ShardRecord>& records) {
  io::write_file_atomically(path, encode_shard(run, shard, records));
}

std::vector<ShardRecord> read_shard(const std::string& path, std::uint64_t run, std::uint32_t shard) {
  return decode_shard(io::read_file(path, "census shard"), path, run, shard);
}

}  // namespace kamisado::solver
