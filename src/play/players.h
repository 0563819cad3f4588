// Built-in players for `kamisado play` and for tests that need whole games:
//   random  a uniformly random legal move;
//   greedy  a one-ply player: it wins a round when it can, never makes a move that loses at
//           once (a deadlock it causes, M8) or that leaves the opponent a winning reply, and
//           otherwise advances its tower as far as it can; ties and the Defender's fill are
//           broken at random;
//   alphabeta  a few plies of alpha-beta and a random choice among the good moves
//           (play/alphabeta_player.h).
// Both are seeded, so a game is repeatable from its seed.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "src/kamisado/move.h"
#include "src/kamisado/position.h"

namespace kamisado::play {

class Player {
 public:
  virtual ~Player() = default;
  virtual Move choose(const Position& pos) = 0;  // pos has at least one legal move
};

// "random", "greedy" or "alphabeta"; nullptr for any other name.
std::unique_ptr<Player> make_player(const std::string& name, std::uint64_t seed);

}  // namespace kamisado::play
