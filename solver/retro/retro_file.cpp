#include "solver/retro/retro_file.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

#include "solver/retro/retro_build.h"
#include "src/io/files.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

namespace {

constexpr std::string_view kMagic = "KMSDRETR";
constexpr std::uint32_t kMaxKfenLength = 4096;
constexpr int kZstdLevel = 3;

void put32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}
void put64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  std::string_view take(std::size_t n, const char* what) {
    if (bytes_.size() - pos_ < n) throw RetroFormatError(std::string("truncated table file: it ends inside the ") + what);
    std::string_view s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  std::uint64_t number(int width, const char* what) {
    std::string_view s = take(std::size_t(width), what);
    std::uint64_t v = 0;
    for (int i = width - 1; i >= 0; --i) v = (v << 8) | std::uint8_t(s[std::size_t(i)]);
    return v;
  }
  std::size_t left() const { return bytes_.size() - pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

static_assert(std::endian::native == std::endian::little, "the table format is little-endian; add byte swaps here");
static_assert(sizeof(RetroEntry) == 16);

std::string raw_body(const std::vector<RetroEntry>& entries) {
  std::string body(entries.size() * 16, '\0');
  if (!entries.empty()) std::memcpy(body.data(), entries.data(), body.size());
  return body;
}

}  // namespace

std::string write_retro_table(const RetroTable& table, RetroFileInfo* info) {
  std::uint64_t wins = 0;
  int longest = 0;
  for (const RetroEntry& e : table.entries()) {
    wins += e.value().win;
    longest = std::max(longest, e.value().distance);
  }
  std::string body = raw_body(table.entries());
  std::uint32_t encoding = 0;
  std::string packed(ZSTD_compressBound(body.size()), '\0');
  std::size_t packed_size = ZSTD_compress(packed.data(), packed.size(), body.data(), body.size(), kZstdLevel);
  if (!ZSTD_isError(packed_size) && packed_size < body.size()) {
    packed.resize(packed_size);
    body.swap(packed);
    encoding = 1;
  }
  std::string out;
  out.reserve(body.size() + table.root_kfen().size() + 64);
  out += kMagic;
  put32(out, kRetroFormatVersion);
  put32(out, kRulesVersion);
  put32(out, encoding);
  put32(out, std::uint32_t(table.root_kfen().size()));
  out += table.root_kfen();
  put64(out, table.size());
  put64(out, wins);
  put32(out, std::uint32_t(longest));
  put32(out, table.frame().symmetries());
  put64(out, body.size());
  out += body;
  put64(out, XXH64(out.data(), out.size(), 0));
  if (info) *info = {out.size(), encoding == 1};
  return out;
}

namespace {

// The header of a table file (FORMAT above), checked field by field; the checksum of the whole
// file is checked before anything past the versions is trusted.
struct Header {
  std::uint64_t encoding = 0, n = 0, wins = 0, longest = 0;
  std::string kfen;
  Position root = Position::initial();
  RoundFrame frame;
  std::string_view body;
};
Header read_header(std::string_view bytes) {
  Reader in(bytes);
  if (in.take(kMagic.size(), "magic") != kMagic) throw RetroFormatError("not a kamisado retrograde table (bad magic)");
  if (bytes.size() < 8 + kMagic.size()) throw RetroFormatError("truncated table file");
  std::uint64_t stored_sum = 0;
  for (int i = 7; i >= 0; --i) stored_sum = (stored_sum << 8) | std::uint8_t(bytes[bytes.size() - 8 + std::size_t(i)]);
  auto version = in.number(4, "header");
  if (version != kRetroFormatVersion)
    throw RetroFormatError("table format version " + std::to_string(version) + " (this build reads version " + std::to_string(kRetroFormatVersion) +
                           ")");
  auto rules = in.number(4, "header");
  if (rules != kRulesVersion)
    throw RetroFormatError("table made under rules version " + std::to_string(rules) + " (this build has version " + std::to_string(kRulesVersion) +
                           "); build it again");
  if (XXH64(bytes.data(), bytes.size() - 8, 0) != stored_sum)
    throw RetroFormatError("corrupt table file: the checksum does not match (damaged or truncated)");
  Header h;
  h.encoding = in.number(4, "header");
  if (h.encoding > 1) throw RetroFormatError("unknown body encoding " + std::to_string(h.encoding));
  auto kfen_length = in.number(4, "header");
  if (kfen_length == 0 || kfen_length > kMaxKfenLength) throw RetroFormatError("bad root KFEN length");
  h.kfen = std::string(in.take(kfen_length, "root KFEN"));
  try {
    h.root = parse_kfen(h.kfen);
  } catch (const std::exception& e) {
    throw RetroFormatError(std::string("bad root KFEN in the table: ") + e.what());
  }
  if (round_winner(h.root)) throw RetroFormatError("the table's root is a finished round");
  h.n = in.number(8, "header");
  h.wins = in.number(8, "header");
  h.longest = in.number(4, "header");
  auto symmetries = in.number(4, "header");
  std::uint64_t body_size = in.number(8, "header");
  if (body_size != in.left() - 8) throw RetroFormatError("the body's length does not match the file's size");
  if (h.n > (std::uint64_t(1) << 40)) throw RetroFormatError("implausible number of positions");
  h.body = in.take(body_size, "body");
  h.frame = RoundFrame::of(h.root);
  if (symmetries != h.frame.symmetries()) throw RetroFormatError("the symmetries field does not match the root");
  return h;
}

// Feeds `take` the decompressed bytes of a zstd body of `n` entries, a megabyte at a time, in
// whole entries.
template <class Take>
void decompress_body(std::string_view body, std::uint64_t n, Take take) {
  auto content = ZSTD_getFrameContentSize(body.data(), body.size());
  if (content == ZSTD_CONTENTSIZE_ERROR || content == ZSTD_CONTENTSIZE_UNKNOWN || content != n * 16)
    throw RetroFormatError("the compressed body does not hold N entries");
  std::unique_ptr<ZSTD_DStream, std::size_t (*)(ZSTD_DStream*)> stream(ZSTD_createDStream(), ZSTD_freeDStream);
  if (!stream || ZSTD_isError(ZSTD_initDStream(stream.get()))) throw std::bad_alloc();
  std::string chunk(std::size_t(1) << 20, '\0'), pending;
  ZSTD_inBuffer input{body.data(), body.size(), 0};
  std::size_t left = 1;  // what ZSTD says the frame still needs; 0 once it is complete
  while (left != 0) {
    ZSTD_outBuffer output{chunk.data(), chunk.size(), 0};
    left = ZSTD_decompressStream(stream.get(), &output, &input);
    if (ZSTD_isError(left)) throw RetroFormatError("the compressed body does not decompress");
    if (output.pos == 0 && input.pos == input.size && left != 0) throw RetroFormatError("the compressed body is cut short");
    pending.append(chunk.data(), output.pos);
    const std::size_t whole = pending.size() / 16 * 16;
    take(pending.data(), whole);
    pending.erase(0, whole);
  }
  if (input.pos != input.size || !pending.empty()) throw RetroFormatError("the compressed body does not hold N entries");
}

}  // namespace

RetroTable read_retro_table(std::string_view bytes, RetroFileInfo* info) {
  const Header h = read_header(bytes);
  // Each entry is checked as it is decoded, and memory grows only with entries that pass: a
  // compressed body that claims more than it holds, or that decompresses to zeros, is refused
  // at its first bad entry, before it has cost the memory its claim would.
  std::vector<RetroEntry> entries;
  entries.reserve(std::size_t(std::min<std::uint64_t>(h.n, std::uint64_t(1) << 20)));
  std::uint64_t counted_wins = 0;
  int counted_longest = 0;
  auto take = [&](const char* data, std::size_t size) {
    static_assert(sizeof(RetroEntry) == 16);
    for (std::size_t at = 0; at + 16 <= size; at += 16) {
      const std::size_t i = entries.size();
      if (i == h.n) throw RetroFormatError("the body holds more than its " + std::to_string(h.n) + " entries");
      RetroEntry e;
      std::memcpy(&e, data + at, 16);
      RetroValue v = e.value();
      if (v.distance < 1) throw RetroFormatError("entry " + std::to_string(i) + " has no result");
      if (i > 0 && !(entries.back().key() < e.key())) throw RetroFormatError("entry " + std::to_string(i) + " is out of order");
      counted_wins += v.win;
      counted_longest = std::max(counted_longest, v.distance);
      entries.push_back(e);
    }
  };
  if (h.encoding == 0) {
    if (h.body.size() != h.n * 16) throw RetroFormatError("the body does not hold N entries");
    take(h.body.data(), h.body.size());
  } else {
    decompress_body(h.body, h.n, take);
  }
  if (entries.size() != h.n) throw RetroFormatError("the body does not hold N entries");
  if (counted_wins != h.wins || std::uint64_t(counted_longest) != h.longest) throw RetroFormatError("the header's counts do not match the entries");
  RetroTable table(h.kfen, h.root, std::move(entries));
  if (table.find(h.frame.canonical_key(h.root)) < 0) throw RetroFormatError("the table does not hold its own root");
  if (info) *info = {bytes.size(), h.encoding == 1};
  return table;
}

namespace {

// The fields before the root KFEN, and the KFEN's longest.
constexpr std::size_t kFixedHead = 24, kMostHead = kFixedHead + kMaxKfenLength + 32;

// What a file's head says, checked against its size before the rest is read: the magic, the
// versions, the number of positions within what a build makes, and a body whose length is the
// rest of the file and could hold them.
void check_head(std::string_view head, std::uint64_t size) {
  Reader in(head);
  if (in.take(kMagic.size(), "magic") != kMagic) throw RetroFormatError("not a kamisado retrograde table (bad magic)");
  if (const auto version = in.number(4, "header"); version != kRetroFormatVersion)
    throw RetroFormatError("table format version " + std::to_string(version) + " (this build reads version " + std::to_string(kRetroFormatVersion) +
                           ")");
  if (const auto rules = in.number(4, "header"); rules != kRulesVersion)
    throw RetroFormatError("table made under rules version " + std::to_string(rules) + " (this build has version " + std::to_string(kRulesVersion) +
                           "); build it again");
  const auto encoding = in.number(4, "header");
  const auto kfen_length = in.number(4, "header");
  if (kfen_length == 0 || kfen_length > kMaxKfenLength) throw RetroFormatError("bad root KFEN length");
  in.take(kfen_length, "root KFEN");
  const std::uint64_t n = in.number(8, "header");
  in.take(16, "header");
  const std::uint64_t body = in.number(8, "header");
  if (n > kMaxRetroPositions) throw RetroFormatError("it claims " + std::to_string(n) + " positions, more than a table holds");
  const std::uint64_t most_body = encoding == 0 ? n * 16 : ZSTD_compressBound(std::size_t(n) * 16);
  if (body > most_body || size != kFixedHead + kfen_length + 32 + body + 8)
    throw RetroFormatError("truncated or padded: its size (" + std::to_string(size) + " bytes) is not the one its header gives");
}

}  // namespace

RetroTable load_retro_table(const std::string& path, RetroFileInfo* info) {
  // A table is held whole in memory as it is used: its head is checked against the file's size
  // before the rest is read, so a file of another kind, or one whose size is not its header's,
  // costs no more than its head.
  try {
    std::string bytes = io::read_file(path, "table", std::uint64_t{16} << 30, kMostHead, check_head);
    RetroTable table = read_retro_table(bytes, info);
    if (info) info->digest = XXH64(bytes.data(), bytes.size(), 0);
    return table;
  } catch (const RetroFormatError& e) {
    throw InputError(path + ": " + e.what());
  }
}

RetroFileInfo save_retro_table(const RetroTable& table, const std::string& path, const std::atomic<bool>* stop) {
  RetroFileInfo info;
  std::string bytes = write_retro_table(table, &info);
  if (stop && stop->load()) throw Stopped("stopped before the table was written; nothing was written");
  io::write_file_atomically(path, bytes);
  return info;
}

}  // namespace kamisado::solver
