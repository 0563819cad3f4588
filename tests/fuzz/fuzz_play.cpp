// libFuzzer target: moves as a user types them (`kamisado play --moves`), played from the start of
// a Marathon match: each word is a move or refused with an InputError naming it, and the game
// record stays consistent.
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/present/game_answer.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/play/game_text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kamisado;
  play::GameRecord game(parse_kfen(std::string(kStartKfen) + " 15:0-0"));
  try {
    play::play_moves(game, std::string(reinterpret_cast<const char*>(data), size));
  } catch (const InputError&) {
  }
  (void)present::game_text(game);
  return 0;
}
