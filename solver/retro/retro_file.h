// The retrograde table file: what `kamisado retro build` writes and `probe`, `stats` and `verify`
// read.
//
// FORMAT (version 1). All integers are little-endian.
//
//   offset  bytes  field
//   0       8      magic "KMSDRETR"
//   8       4      format version, 1
//   12      4      rules version (kRulesVersion below): bumped whenever a change to the rules
//                  engine could change a table's content
//   16      4      body encoding: 0 = the entries as they are, 1 = one zstd frame of them
//   20      4      L, the root KFEN's length (1 to 4096)
//   24      L      the root KFEN (rules.md §6); it fixes the round's ranks and match score
//   24+L    8      N, the number of positions
//   32+L    8      the number of positions won by the side to move
//   40+L    4      the largest distance in plies
//   44+L    4      the symmetries used (retro_key.h: 1 turn, 2 mirror, 4 both)
//   48+L    8      B, the body's stored length in bytes
//   56+L    B      the body: N entries of 16 bytes (raw, or zstd-compressed)
//   56+L+B  8      XXH64 (seed 0) of every byte before it
//
// An entry is two 64-bit words, lo then hi: the position's canonical key (retro_key.h) with its
// result in hi's top 16 bits, distance * 2 + 1 if the side to move wins, distance * 2 if it
// loses. Entries are sorted by key, strictly increasing, so a position is found by binary
// search.
//
// Reading checks everything a damaged file could get wrong without looking at the rules: size,
// magic, versions, checksum, the KFEN, the body's length, the order of the keys, the counts and
// the results' range. `kamisado retro verify` then checks each value against the rules.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>
#include <string_view>

#include "solver/retro/retro_table.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

constexpr std::uint32_t kRetroFormatVersion = 1;
constexpr std::uint32_t kRulesVersion = 1;

// A table file that cannot be read; the message says what is wrong with it.
struct RetroFormatError : InputError {
  using InputError::InputError;
};

struct RetroFileInfo {
  std::uint64_t stored_bytes = 0;  // the file's size
  bool compressed = false;
  std::uint64_t digest = 0;  // XXH64 of the whole file, when read by load_retro_table
};

// The file's bytes. Compresses the body with zstd when that makes it smaller.
std::string write_retro_table(const RetroTable& table, RetroFileInfo* info = nullptr);
// Throws RetroFormatError.
RetroTable read_retro_table(std::string_view bytes, RetroFileInfo* info = nullptr);

// A table file read for a user: a missing, unreadable or damaged file is an InputError naming
// the path and what is wrong.
RetroTable load_retro_table(const std::string& path, RetroFileInfo* info = nullptr);

// Writes a table file atomically, compressed. A stop raised while it compresses throws Stopped
// before anything is written.
RetroFileInfo save_retro_table(const RetroTable& table, const std::string& path, const std::atomic<bool>* stop);

}  // namespace kamisado::solver
