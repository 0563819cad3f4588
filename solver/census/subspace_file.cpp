#include "solver/census/subspace_file.h"

#include <optional>

#include <fmt/format.h>
#include <xxhash.h>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

constexpr const char* kMagic = "kamisado-subspace 1\n";
constexpr std::size_t kChecksum = 8;

void put_varint(std::string& out, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) out.push_back(char(0x80 | (v & 0x7F)));
  out.push_back(char(v));
}

// The varint at `at` (moved past it), or nullopt where the bytes end inside one or it is too long.
std::optional<std::uint64_t> get_varint(const std::string& in, std::size_t& at, std::size_t end) {
  std::uint64_t v = 0;
  for (int shift = 0; at < end && shift < 64; shift += 7) {
    const auto byte = std::uint8_t(in[at++]);
    v |= std::uint64_t(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return v;
  }
  return std::nullopt;
}

}  // namespace

std::string encode_subspace(const Subspace& s) {
  std::string out = kMagic + s.name + "\n" + std::to_string(s.classes.size()) + "\n";
  out.reserve(out.size() + 2 * s.classes.size() + kChecksum);
  std::uint32_t previous = 0;
  for (std::size_t i = 0; i < s.classes.size(); ++i) {
    put_varint(out, s.classes[i] - previous);
    put_varint(out, s.weights[i]);
    previous = s.classes[i];
  }
  const std::uint64_t sum = XXH64(out.data(), out.size(), 0);
  for (std::size_t k = 0; k < kChecksum; ++k) out.push_back(char(sum >> (8 * k)));
  return out;
}

Subspace decode_subspace(const std::string& bytes, const std::string& path, const std::string& name) {
  auto damaged = [&](const std::string& why) { return InputError(fmt::format("{}: not this run's subspace file ({})", path, why)); };
  const std::string head = kMagic + name + "\n";
  if (bytes.compare(0, head.size(), head) != 0) throw damaged("another format or subspace");
  if (bytes.size() < head.size() + kChecksum) throw damaged("cut short");
  const std::size_t end = bytes.size() - kChecksum;
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < kChecksum; ++k) sum |= std::uint64_t(std::uint8_t(bytes[end + k])) << (8 * k);
  if (XXH64(bytes.data(), end, 0) != sum) throw damaged("its checksum does not match");
  std::size_t at = head.size();
  const std::size_t newline = bytes.find('\n', at);
  if (newline == std::string::npos || newline >= end) throw damaged("no count");
  std::uint64_t count = 0;
  try {
    count = std::stoull(bytes.substr(at, newline - at));
  } catch (const std::exception&) {
    throw damaged("a bad count");
  }
  if (count > (end - newline) / 2) throw damaged("a count larger than its list");
  at = newline + 1;
  Subspace s;
  s.name = name;
  s.classes.reserve(count);
  s.weights.reserve(count);
  std::uint64_t previous = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    auto gap = get_varint(bytes, at, end), weight = get_varint(bytes, at, end);
    if (!gap || !weight) throw damaged("cut short");
    const std::uint64_t c = previous + *gap;
    if ((i > 0 && *gap == 0) || c > 0xFFFFFFFFu || *weight == 0 || *weight > 0xFFFFFFFFu) throw damaged("a class out of order or range");
    s.classes.push_back(std::uint32_t(c));
    s.weights.push_back(std::uint32_t(*weight));
    previous = c;
  }
  if (at != end) throw damaged("bytes follow its list");
  return s;
}

}  // namespace kamisado::solver
