// Retrograde keys: a position inside one round packed into 128 bits, canonical under the
// board's symmetries (rules.md B3).
//
// The idea: within a round only the towers' squares, the side to move and the turn change.
// Ranks change only when a round is scored (P2) and the match score only between rounds, so
// both are the same for every position reachable from a root inside its round; they are kept
// once, in the RoundFrame, not in every key. What varies fits in 101 bits:
//   lo: bits 0-47  Black's towers' squares, 6 bits per colour in colour order (B2)
//       bit  48    the side to move (1 = Gold)
//       bits 49-52 the turn: the designated colour 0-7, or 8 for a free choice (T1)
//   hi: bits 0-47  Gold's towers' squares, likewise
// The remaining bits are zero in a key; a table entry uses hi's top 16 bits for the result.
//
// B3 gives two symmetries that preserve the game: the 180° turn with the sides swapped, and the
// left-right mirror with the colour involution c -> 7-c. A position and its images have the
// same value for the side to move and the same distance, so a table stores only the smallest
// of their keys. In a match round a symmetry is used only if it maps the round's ranks and
// score onto themselves (the turn swaps the players' ranks and points; the mirror swaps each
// player's colours); otherwise the image would be a position of another round.
#pragma once

#include <array>
#include <compare>
#include <cstdint>

#include "src/kamisado/position.h"

namespace kamisado::solver {

struct RetroKey {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  constexpr auto operator<=>(const RetroKey&) const = default;
};

// The symmetries of B3 as a bit set over {turn, mirror, turn and mirror}.
enum Symmetry : std::uint8_t { kRotate = 1, kMirror = 2, kRotateMirror = 4 };

// What stays fixed inside the round of a root: the ranks, the match score and which symmetries
// keep them.
class RoundFrame {
 public:
  static RoundFrame of(const Position& root);

  std::uint8_t symmetries() const { return symmetries_; }
  int rank(Side s, Colour c) const { return ranks_[index(s)][c]; }
  const MatchScore& match() const { return match_; }

  // The key of `pos` itself, and the smallest key over `pos` and its usable images.
  RetroKey key(const Position& pos) const;
  RetroKey canonical_key(const Position& pos) const;
  // The key of one image of `pos`, computed the plain way (canonical_key takes a faster one).
  RetroKey image_key(const Position& pos, Symmetry symmetry) const;
  // The position a key stands for (in the orientation of the key). Throws std::invalid_argument
  // if the key cannot be a position of this round: towers sharing a square, stray bits, a bad
  // turn, or a round already over.
  Position decode(RetroKey key) const;

 private:
  std::array<std::array<std::uint8_t, 8>, 2> ranks_{};
  MatchScore match_{};
  std::uint8_t symmetries_ = 0;
};

// The bits of `hi` that a key uses; a table entry keeps its result above them.
constexpr std::uint64_t kKeyHiMask = (std::uint64_t{1} << 48) - 1;

}  // namespace kamisado::solver
