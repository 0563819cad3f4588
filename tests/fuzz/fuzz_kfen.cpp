// libFuzzer target: the KFEN reader (rules.md §6). Whatever the text, parse_kfen either refuses
// it with a NotationError or gives a position that prints back to a KFEN reading as the same
// position, and whose every legal move can be played (no crash, no undefined behaviour).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kamisado;
  std::optional<Position> read;
  try {
    read = parse_kfen(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const NotationError&) {
    return 0;
  }
  const Position& pos = *read;
  if (!(parse_kfen(to_kfen(pos)) == pos)) std::abort();
  MoveList moves;
  generate_moves(pos, moves);
  for (Move m : moves) {
    Position next = pos.after(m);
    if (parse_move(pos, to_string(m)) != m) std::abort();
    (void)next.outcome();
  }
  return 0;
}
