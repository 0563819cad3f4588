// libFuzzer target: the retrograde table reader (solver/retro/retro_file.h). Any bytes are
// refused with a RetroFormatError, or read as a table that can be probed: read whole, and (version
// 2) probed where they lie, a page of the index and a block at a time.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "solver/retro/retro_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kamisado::solver;
  try {
    RetroTable table = read_retro_table(std::string_view(reinterpret_cast<const char*>(data), size));
    (void)table.probe(table.root());
  } catch (const RetroFormatError&) {
  }
  try {
    const RetroFile file(std::string_view(reinterpret_cast<const char*>(data), size));
    (void)optimal_moves(file, file.root());
  } catch (const RetroFormatError&) {
  }
  return 0;
}
