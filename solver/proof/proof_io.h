// Proof files on disk (format: proof_file.h). A large proof is written zstd-compressed: a match
// proof crosses rounds and fills and can hold millions of positions, whose text (KFENs repeat
// most of their squares) packs to about a tenth. It is compressed when its text reaches
// kCompressFrom bytes, or whatever its size when the path ends in ".zst"; read_proof_file
// tells the two apart by zstd's magic number, so `check-proof` reads either. The zstd frame
// carries a checksum of the text: a damaged compressed proof is refused before it is parsed
// (a plain one is refused by the checker wherever the damage matters, proof_file.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "solver/proof/proof_tree.h"

namespace kamisado::solver {

constexpr std::size_t kCompressFrom = std::size_t{16} << 20;

// What a compressed proof may weigh, read back (a bomb is refused within a second, not after
// gigabytes): its text at most kMostExpansion times its packed bytes (KFEN lines pack about
// ten-fold; a frame of zeros packs thousands-fold) plus kLeastBound, and the packed file itself
// at most kMostPackedProof. A plain proof is read as a stream, its node count bounded by the
// reader (proof_file.h).
constexpr std::uint64_t kMostExpansion = 100;
constexpr std::uint64_t kLeastBound = std::uint64_t{1} << 20;
constexpr std::uint64_t kMostPackedProof = std::uint64_t{4} << 30;

// Writes `tree` to `path` atomically (io/files.h), compressed whatever its size with `compress`;
// returns whether it was compressed.
bool write_proof_file(const ProofTree& tree, const std::string& path, bool compress = false);

// Reads a proof file, plain or compressed. Throws ProofFormatError (a line that is wrong, or a
// damaged compressed file) or InputError (a path that cannot be read).
ProofTree read_proof_file(const std::string& path);

}  // namespace kamisado::solver
