// Zobrist keys: a random 64-bit key per (tower, square), per (tower, rank), per turn state and
// for the side to move; a position's key is the XOR of the keys of what it holds, so a move
// updates it with a few XORs. The keys are fixed at compile time (SplitMix64 from a constant
// seed), so keys are the same in every build and can be stored in files.
#pragma once

#include <array>
#include <cstdint>

namespace kamisado::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<std::uint64_t, 64>, 16> tower_square{};  // [side*8 + colour][square]
  std::array<std::array<std::uint64_t, 5>, 16> tower_rank{};     // [side*8 + colour][rank]
  std::array<std::uint64_t, 10> turn{};                          // designated colour 0-7, free choice, between rounds
  std::uint64_t gold_to_move = 0;
  std::uint64_t match_seed = 0;
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t state = 0x4B414D4953414430ULL;  // "KAMISAD0"
  for (auto& row : k.tower_square)
    for (auto& key : row) key = splitmix64(state);
  for (auto& row : k.tower_rank)
    for (auto& key : row) key = splitmix64(state);
  for (auto& key : k.turn) key = splitmix64(state);
  k.gold_to_move = splitmix64(state);
  k.match_seed = splitmix64(state);
  return k;
}
}  // namespace detail

inline constexpr detail::Keys kKeys = detail::make_keys();

// Target and scores are hashed by mixing rather than by table: they are unbounded.
constexpr std::uint64_t match_key(std::uint32_t target, std::uint32_t black, std::uint32_t gold) {
  if (target == 0) return 0;
  std::uint64_t state = kKeys.match_seed ^ (std::uint64_t(target) << 40) ^ (std::uint64_t(black) << 20) ^ std::uint64_t(gold);
  return detail::splitmix64(state);
}

}  // namespace kamisado::zobrist
