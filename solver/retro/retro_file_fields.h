// The fields both versions of the table file share (retro_file.h), read in order, little-endian,
// each checked against the bytes left: a file cut short is refused by the field it ends in.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "solver/retro/retro_file.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

constexpr std::string_view kRetroMagic = "KMSDRETR";
constexpr std::uint32_t kMaxRetroKfenLength = 4096;

class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
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

// The root KFEN's length and the KFEN: a round not over, its KFEN in `kfen`.
Position read_root(ByteReader& in, std::string& kfen);

}  // namespace kamisado::solver
