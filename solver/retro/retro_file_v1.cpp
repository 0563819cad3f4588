// Reading version 1 of the table file (retro_file.h): one checksum over the whole file, one body.
#include "solver/retro/retro_file_v1.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "solver/retro/retro_file_fields.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

namespace {

// The header of a version 1 file (retro_file.h), checked field by field; the checksum of the whole
// file is checked before anything past the versions is trusted.
struct Header {
  std::uint64_t encoding = 0, n = 0, wins = 0, longest = 0;
  std::string kfen;
  Position root = Position::initial();
  RoundFrame frame;
  std::string_view body;
};
Header read_header(std::string_view bytes) {
  ByteReader in(bytes);
  if (in.take(kRetroMagic.size(), "magic") != kRetroMagic) throw RetroFormatError("not a kamisado retrograde table (bad magic)");
  if (bytes.size() < 8 + kRetroMagic.size()) throw RetroFormatError("truncated table file");
  std::uint64_t stored_sum = 0;
  for (int i = 7; i >= 0; --i) stored_sum = (stored_sum << 8) | std::uint8_t(bytes[bytes.size() - 8 + std::size_t(i)]);
  auto version = in.number(4, "header");
  if (version != 1) throw RetroFormatError("not a table of format version 1");
  auto rules = in.number(4, "header");
  if (rules != kRulesVersion)
    throw RetroFormatError("table made under rules version " + std::to_string(rules) + " (this build has version " + std::to_string(kRulesVersion) +
                           "); build it again");
  if (XXH64(bytes.data(), bytes.size() - 8, 0) != stored_sum)
    throw RetroFormatError("corrupt table file: the checksum does not match (damaged or truncated)");
  Header h;
  h.encoding = in.number(4, "header");
  if (h.encoding > 1) throw RetroFormatError("unknown body encoding " + std::to_string(h.encoding));
  h.root = read_root(in, h.kfen);
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

RetroTable read_retro_table_v1(std::string_view bytes, RetroFileInfo* info) {
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
  if (info) *info = {bytes.size(), h.encoding == 1, XXH64(bytes.data(), bytes.size(), 0), 1, 0};
  return table;
}

}  // namespace kamisado::solver
