// The retrograde table file: what `kamisado retro build` writes, and what `probe`, `stats`,
// `verify`, the book (serve, the board's API) and the Python module read. Version 2 is probed
// where it lies: the file is mapped, and a probe reads its index and one block, never the whole.
//
// FORMAT (version 2). All integers are little-endian.
//
//   offset  bytes  field
//   0       8      magic "KMSDRETR"
//   8       4      format version, 2
//   12      4      rules version (kRulesVersion below): bumped whenever a change to the rules
//                  engine could change a table's content
//   16      ...    the blocks, back to back: block b holds entries b*E to b*E+E-1 (the last one
//                  fewer), as one zstd frame
//   H-B×40  B×40   the index, a record a block: its first key (lo, hi: 16 bytes), its offset in
//                  the file (8), its stored length (8), XXH64 (seed 0) of its stored bytes (8);
//                  read in pages of 1 024 records
//   H       ...    the head:
//                    4      L, the root KFEN's length (1 to 4096)
//                    L      the root KFEN (rules.md §6); it fixes the round's ranks and match score
//                    8      N, the number of positions
//                    8      the number of positions won by the side to move
//                    4      the largest distance in plies
//                    4      the symmetries used (retro_key.h: 1 turn, 2 mirror, 4 both)
//                    4      E, entries a block (1 to 2^20)
//                    8      B, the number of blocks: N / E rounded up
//                    4      P, the index's records a page: 1 024
//                    Q×32   a record a page of the index (Q = B / P rounded up): the first key of
//                           its first block (16), that block's offset (8), XXH64 of the page (8)
//   size-16 8      H, the head's offset
//   size-8  8      XXH64 (seed 0) of the first 16 bytes and the head: the file's digest
//
// An entry is two 64-bit words, lo then hi: the position's canonical key (retro_key.h) with its
// result in hi's top 16 bits, distance * 2 + 1 if the side to move wins, distance * 2 if it
// loses. Entries are sorted by key, strictly increasing, across blocks too: a position is found
// by a binary search of the index's first keys, then of its block.
//
// The head is checked whole when the file is opened (its checksum, its fields, its pages' first
// keys and offsets increasing from offset 16), an index page when a probe first reads it (its
// checksum in the head, its records' first keys increasing, its blocks following one another from
// the page's offset to the next page's), and a block when it is read (its checksum in the index,
// its length, its order, its first key, its values). So opening reads a few kilobytes, and a probe
// one page of the index (40 kB) and one block, whatever the table's size. The head holds every
// page's checksum and each page every block's, so the digest, which covers the head, covers every
// byte of the file: it names a table's content without reading it, as the book's published
// digests need. The blocks come first and the head last so that a build writes the file in one
// pass, in key order, holding no more than a block and the index.
//
// Version 1 (still read, never written): magic, versions, encoding (0 raw, 1 zstd), L, KFEN, N,
// wins, longest, symmetries, the body's length, the body (the N entries, raw or one zstd frame),
// and XXH64 of every byte before it. It is read whole into memory.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "solver/retro/retro_table.h"
#include "src/kamisado/errors.h"

namespace kamisado::io {
class MappedFile;
}

namespace kamisado::solver {

constexpr std::uint32_t kRetroFormatVersion = 2;
constexpr std::uint32_t kRulesVersion = 1;
constexpr std::uint32_t kRetroBlockEntries = 4096;  // 64 kB raw: a probe decompresses one

// A table file that cannot be read; the message says what is wrong with it.
struct RetroFormatError : InputError {
  using InputError::InputError;
};

struct RetroFileInfo {
  std::uint64_t stored_bytes = 0;  // the file's size
  bool compressed = false;
  std::uint64_t digest = 0;  // version 2: the trailer's checksum (FORMAT); version 1: XXH64 of the whole file
  std::uint32_t version = kRetroFormatVersion;
  std::uint64_t blocks = 0;  // version 2
};

// Writes a version 2 file in one pass: entries in increasing key order, a block compressed as it
// fills; finish() writes the last block, the head and the trailer.
class RetroFileWriter {
 public:
  RetroFileWriter(std::ostream& out, const std::string& root_kfen, const Position& root, std::uint32_t block_entries = kRetroBlockEntries);
  ~RetroFileWriter();
  void add(const RetroEntry& entry);  // a std::logic_error if its key is not above the last one
  RetroFileInfo finish();

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// A version 2 file, probed where it lies: the head and the index checked on opening, a block
// when it is read. Safe to probe from several threads at once.
class RetroFile final : public RetroLookup {
 public:
  // Mapped from `path`; a missing, unreadable, damaged or foreign file is an InputError naming
  // the path and what is wrong with it (a version 1 file too: open_retro reads those).
  static std::unique_ptr<RetroFile> open(const std::string& path);
  static std::unique_ptr<RetroFile> open(std::unique_ptr<io::MappedFile> file);  // a file mapped already
  // Over bytes the caller keeps (a test, the fuzzer). Throws RetroFormatError.
  explicit RetroFile(std::string_view bytes);
  ~RetroFile() override;

  const std::string& root_kfen() const override { return kfen_; }
  const Position& root() const override { return root_; }
  const RoundFrame& frame() const override { return frame_; }
  std::uint64_t size() const override { return n_; }
  std::optional<RetroValue> value_of(RetroKey canonical) const override;

  std::uint64_t wins() const { return wins_; }
  int longest() const { return int(longest_); }
  RetroFileInfo info() const;

  // Every entry in key order, a block at a time, each block checked as it is read, and at the
  // end the head's counts (positions, wins, longest) against the entries. `stop` raised: Stopped.
  void for_each_block(const std::function<void(std::span<const RetroEntry>)>& take, const std::atomic<bool>* stop = nullptr) const override;

 private:
  const char* page(std::uint64_t p) const;  // the index page's records, checked
  const char* index_begin() const;
  std::vector<RetroEntry> read_block(std::uint64_t b, const char* record) const;  // checked against its record
  std::string where(std::uint64_t b, const char* record) const;
  std::string named_file() const;

  std::unique_ptr<io::MappedFile> file_;
  std::string_view bytes_;
  std::string kfen_;
  Position root_ = Position::initial();
  RoundFrame frame_;
  std::uint64_t n_ = 0, wins_ = 0, longest_ = 0, blocks_ = 0, pages_ = 0, digest_ = 0, index_at_ = 0;
  std::uint32_t block_entries_ = 0;
  const char* page_table_ = nullptr;
};

// The file's bytes (version 2).
std::string write_retro_table(const RetroTable& table, RetroFileInfo* info = nullptr);
// A table read whole into memory, from the bytes of a version 1 or 2 file. Throws RetroFormatError.
RetroTable read_retro_table(std::string_view bytes, RetroFileInfo* info = nullptr);

// A table file read whole for a user: a missing, unreadable or damaged file is an InputError
// naming the path and what is wrong.
RetroTable load_retro_table(const std::string& path, RetroFileInfo* info = nullptr);
// A table file opened to be probed: a version 2 file mapped (RetroFile), a version 1 file read
// whole. The same errors.
std::unique_ptr<RetroLookup> open_retro(const std::string& path, RetroFileInfo* info = nullptr);

// Writes a table file atomically, streamed a block at a time. A stop raised before it is done
// throws Stopped, and nothing is written.
RetroFileInfo save_retro_table(const RetroTable& table, const std::string& path, const std::atomic<bool>* stop);

}  // namespace kamisado::solver
