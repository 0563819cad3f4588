#include "src/play/game_text.h"

#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "src/io/describe.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/play/players.h"

namespace kamisado::play {

namespace {

std::vector<std::string> split_moves(std::string text) {
  for (char& c : text)
    if (c == ',' || c == '\t' || c == '\n') c = ' ';
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

void play_moves(GameRecord& game, const std::string& moves) {
  std::vector<std::string> words = split_moves(moves);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Position& pos = game.current();
    std::string where = fmt::format("move {} '{}'", i + 1, words[i]);
    if (pos.outcome().over()) throw InputError(fmt::format("{}: the game is over ({})", where, io::status_line(pos)));
    Move m;
    try {
      m = parse_move(pos, words[i]);
    } catch (const NotationError& e) {
      throw InputError(fmt::format("{}: {}", where, e.what()));
    } catch (const IllegalMove&) {
      throw InputError(fmt::format("{} is illegal in {} ({}); legal moves: {}", where, to_kfen(pos), io::status_line(pos), legal_moves_text(pos)));
    }
    game.play(m);
  }
}

void play_on(GameRecord& game, const std::string& black, const std::string& gold, std::uint64_t seed) {
  std::unique_ptr<Player> players[2];
  if (!black.empty()) players[0] = make_player(black, seed);
  if (!gold.empty()) players[1] = make_player(gold, seed ^ 0x9E3779B97F4A7C15ULL);
  while (!game.over()) {
    Player* p = players[index(game.current().side_to_move())].get();
    if (!p) break;
    game.play(p->choose(game.current()));
  }
}

}  // namespace kamisado::play
