#include "solver/proof/proof_io.h"

#include <zstd.h>

#include <fstream>
#include <string>

#include <fmt/format.h>
#include <memory>
#include <sstream>

#include "solver/proof/proof_file.h"
#include "src/io/files.h"

namespace kamisado::solver {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool is_zstd(const std::string& bytes) {
  return bytes.size() >= 4 && static_cast<unsigned char>(bytes[0]) == 0x28 && static_cast<unsigned char>(bytes[1]) == 0xB5 &&
         static_cast<unsigned char>(bytes[2]) == 0x2F && static_cast<unsigned char>(bytes[3]) == 0xFD;
}

std::string compress(const std::string& text) {
  std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  if (!cctx) throw std::bad_alloc();
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, 9);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
  std::string packed(ZSTD_compressBound(text.size()), '\0');
  std::size_t n = ZSTD_compress2(cctx.get(), packed.data(), packed.size(), text.data(), text.size());
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
  packed.resize(n);
  return packed;
}

// The text of a compressed proof, streamed, and never more than kMostExpansion times the packed
// bytes (plus a floor for small files): KFEN lines pack about ten-fold, and a frame that unpacks
// further is a decompression bomb (a 36 kB frame of gigabytes), refused by the size its header
// claims before anything is unpacked, or as soon as the text passes the bound.
std::string decompress(const std::string& packed, const std::string& path) {
  const std::uint64_t most = std::uint64_t(packed.size()) * kMostExpansion + kLeastBound;
  const auto bomb = [&](const std::string& size) {
    return ProofFormatError(
        fmt::format("{}: the compressed proof unpacks to {} bytes, more than {} times its {} packed bytes: not a proof the tool wrote", path, size,
                    kMostExpansion, packed.size()));
  };
  if (const unsigned long long claimed = ZSTD_getFrameContentSize(packed.data(), packed.size());
      claimed != ZSTD_CONTENTSIZE_UNKNOWN && claimed != ZSTD_CONTENTSIZE_ERROR && claimed > most)
    throw bomb(std::to_string(claimed));
  std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!dctx) throw std::bad_alloc();
  std::string text, chunk(ZSTD_DStreamOutSize(), '\0');
  ZSTD_inBuffer input{packed.data(), packed.size(), 0};
  std::size_t left = 1;
  while (input.pos < input.size || left != 0) {
    if (left == 0) throw ProofFormatError(path + ": bytes follow the end of its compressed proof");
    ZSTD_outBuffer output{chunk.data(), chunk.size(), 0};
    left = ZSTD_decompressStream(dctx.get(), &output, &input);
    if (ZSTD_isError(left)) throw ProofFormatError(path + ": the compressed proof is damaged (" + ZSTD_getErrorName(left) + ")");
    text.append(chunk.data(), output.pos);
    if (text.size() > most) throw bomb("over " + std::to_string(most));
    if (output.pos == 0 && input.pos == input.size) break;  // nothing more comes: cut short
  }
  if (left != 0) throw ProofFormatError(path + ": the compressed proof is cut short");
  return text;
}

}  // namespace

bool write_proof_file(const ProofTree& tree, const std::string& path, bool packed) {
  std::ostringstream out;
  write_proof(tree, out);
  std::string text = std::move(out).str();
  packed = packed || text.size() >= kCompressFrom || ends_with(path, ".zst");
  io::write_file_atomically(path, packed ? compress(text) : text);
  return packed;
}

ProofTree read_proof_file(const std::string& path) {
  // A proof's text begins with 'k' or '#', a zstd frame with 0x28. Only a regular file is read
  // (a pipe or a device is refused before the open, io/files.h); plain text as a stream, a
  // compressed proof whole, within its bound.
  std::ifstream in = io::open_file(path, "proof");
  try {
    if (in.peek() != 0x28) return read_proof(in);
    std::string bytes = io::read_file(path, "proof", kMostPackedProof);
    if (!is_zstd(bytes)) return read_proof(in);
    std::istringstream text(decompress(bytes, path));
    return read_proof(text);
  } catch (const ProofFormatError& e) {  // named by its file (a damaged frame's message names it already)
    const std::string what = e.what();
    if (what.rfind(path, 0) == 0) throw;
    throw ProofFormatError(path + ": " + what);
  }
}

}  // namespace kamisado::solver
