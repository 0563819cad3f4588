#include "solver/starts/round_start_table.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <xxhash.h>

#include "src/io/files.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

constexpr char kMagic[8] = {'K', 'R', 'S', 'T', 'A', 'R', 'T', '\x01'};
constexpr std::size_t kEntryBytes = 32, kHeaderBytes = 16, kChecksumBytes = 8;

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}
std::uint64_t get(const std::string& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(std::uint8_t(in[at + std::size_t(i)])) << (8 * i);
  return v;
}

}  // namespace

std::optional<RoundStartValue> RoundStartTable::find(const RoundStartKey& key) const {
  auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void RoundStartTable::add(const RoundStartKey& key, const RoundStartValue& value, const std::string& where) {
  auto [it, added] = entries_.emplace(key, value);
  if (added) return;
  RoundStartValue& known = it->second;
  if (known.first_mover_wins != value.first_mover_wins || (known.plies && value.plies && *known.plies != *value.plies))
    throw InputError(where + ": round start " + key.hex() + " is proved both ways (a value or distance disagrees with another file)");
  if (!known.plies) known.plies = value.plies;
  known.certificate = known.certificate || value.certificate;
  known.nodes = std::max(known.nodes, value.nodes);
}

void RoundStartTable::merge(const RoundStartTable& other, const std::string& where) {
  for (const auto& [key, value] : other.entries_) add(key, value, where);
}

std::string encode_round_starts(const RoundStartTable& table) {
  std::string out(kMagic, sizeof kMagic);
  put(out, table.size(), 8);
  for (const auto& [key, v] : table.entries()) {
    put(out, key.hi, 8);
    put(out, key.lo, 8);
    put(out, v.first_mover_wins ? 1 : 2, 1);
    put(out, (v.plies ? 1 : 0) | (v.certificate ? 2 : 0), 1);
    put(out, 0, 2);
    put(out, v.plies.value_or(0), 4);
    put(out, v.nodes, 8);
  }
  put(out, XXH64(out.data(), out.size(), 0), 8);
  return out;
}

RoundStartTable decode_round_starts(const std::string& bytes, const std::string& path) {
  auto bad = [&path](const std::string& what) { return InputError("round-start table '" + path + "': " + what); };
  if (bytes.size() < kHeaderBytes + kChecksumBytes || std::memcmp(bytes.data(), kMagic, 7) != 0) throw bad("not a round-start table");
  if (bytes[7] != kMagic[7]) throw bad("version " + std::to_string(int(std::uint8_t(bytes[7]))) + ", this build reads version 1");
  const std::uint64_t count = get(bytes, 8, 8);
  if (count > (bytes.size() - kHeaderBytes - kChecksumBytes) / kEntryBytes || bytes.size() != kHeaderBytes + count * kEntryBytes + kChecksumBytes)
    throw bad("its size does not match its count of entries (cut short or padded)");
  if (get(bytes, bytes.size() - kChecksumBytes, 8) != XXH64(bytes.data(), bytes.size() - kChecksumBytes, 0)) throw bad("damaged (checksum)");
  RoundStartTable table;
  std::optional<RoundStartKey> last;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::size_t at = kHeaderBytes + std::size_t(i) * kEntryBytes;
    const RoundStartKey key{get(bytes, at, 8), get(bytes, at + 8, 8)};
    const auto value = get(bytes, at + 16, 1), flags = get(bytes, at + 17, 1), reserved = get(bytes, at + 18, 2);
    if (last && !(*last < key)) throw bad("entry " + std::to_string(i + 1) + " is out of order");
    if ((value != 1 && value != 2) || flags > 3 || reserved != 0 || key.lo >> 60 != 0)
      throw bad("entry " + std::to_string(i + 1) + " has fields no writer gives");
    RoundStartValue v{value == 1, std::nullopt, (flags & 2) != 0, get(bytes, at + 24, 8)};
    if (flags & 1) v.plies = std::uint32_t(get(bytes, at + 20, 4));
    table.add(key, v, path);
    last = key;
  }
  return table;
}

void write_round_starts(const RoundStartTable& table, const std::string& path) {
  // A file there that is not a round-start table is the user's: it is not written over.
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    try {
      read_round_starts(path);
    } catch (const InputError&) {
      throw InputError("'" + path + "' is not a round-start table: not overwritten");
    }
  }
  io::write_file_atomically(path, encode_round_starts(table));
}

RoundStartTable read_round_starts(const std::string& path, std::uint64_t* digest) {
  const std::string bytes =
      io::read_file(path, "round-start table", io::kMostBytesRead, kHeaderBytes, [&](std::string_view head, std::uint64_t size) {
        if (head.size() < kHeaderBytes || std::memcmp(head.data(), kMagic, 7) != 0)
          throw InputError("round-start table '" + path + "': not a round-start table");
        const std::uint64_t count = get(std::string(head), 8, 8);
        if (count > (size - kHeaderBytes) / kEntryBytes || size != kHeaderBytes + count * kEntryBytes + kChecksumBytes)
          throw InputError("round-start table '" + path + "': its size does not match its count of entries (cut short or padded)");
      });
  if (digest) *digest = XXH64(bytes.data(), bytes.size(), 0);
  return decode_round_starts(bytes, path);
}

RoundStartTable merge_round_start_files(const std::vector<std::string>& paths) {
  RoundStartTable all;
  for (const std::string& p : paths) all.merge(read_round_starts(p), p);
  return all;
}

std::string round_start_shard(const std::string& path, int rank, int ranks) {
  return path + ".shard-" + std::to_string(rank) + "-of-" + std::to_string(ranks);
}

std::vector<std::string> round_start_shards(const std::string& path) {
  const std::filesystem::path p(path);
  const std::string prefix = p.filename().string() + ".shard-";
  const std::filesystem::path folder = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
  std::vector<std::string> shards;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    int rank = 0, ranks = 0, end = 0;  // <rank>-of-<ranks> and nothing after: no temporary, no lock
    const std::string tail = name.substr(prefix.size());
    if (std::sscanf(tail.c_str(), "%d-of-%d%n", &rank, &ranks, &end) == 2 && std::size_t(end) == tail.size() &&
        tail == std::to_string(rank) + "-of-" + std::to_string(ranks))
      shards.push_back((p.has_parent_path() ? folder / name : std::filesystem::path(name)).string());
  }
  std::sort(shards.begin(), shards.end());
  return shards;
}

std::vector<std::string> round_start_table_files(const std::string& path) {
  std::vector<std::string> files = round_start_shards(path);
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) files.insert(files.begin(), path);
  return files;
}

bool round_start_table_exists(const std::string& path) { return !round_start_table_files(path).empty(); }

RoundStartTable read_round_starts_and_shards(const std::string& path) { return merge_round_start_files(round_start_table_files(path)); }

std::string round_start_table_bytes(const std::string& path) {
  if (round_start_shards(path).empty()) return io::read_file(path, "round-start table");
  return encode_round_starts(read_round_starts_and_shards(path));
}

void seed_from_census(RoundStartTable& table, std::uint64_t class_index, bool second_mover_wins, std::uint64_t nodes) {
  table.add({class_index, 0}, {!second_mover_wins, std::nullopt, false, nodes}, "the census");
}

}  // namespace kamisado::solver
