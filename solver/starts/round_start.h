// A round start and its canonical key (issue 29): the unit of work and of reuse when a match is
// proved round by round.
//
// After the Defender's fill (F1–F3) the next round starts from a position that is fully
// described by the two home rows (the colour of each file's tower), the towers' ranks, the
// match's target and score, and who moves first (T1). Regrouping forgets where the towers
// stood, so many round ends lead to one start; and the census's starts (start_space.h) are the
// round starts of a single round: plain towers, no target, no score.
//
// THE KEY. The board's two symmetries (B3) act on round starts as on the census's starts, and
// carry the ranks and the score along: `turn` swaps the sides (each tower keeps its colour and
// rank, the scores swap, the other side moves first); `flip` mirrors the files and maps colours
// c -> 7 - c (a tower keeps its rank under its new colour). A key names the class:
//   hi  the census class index of the rows and first mover (start_space.h), so that a census
//       start's key is (its class index, 0) and a census run can seed the table;
//   lo  bits 0..47   the ranks, 3 bits a tower: Black's colours 0..7, then Gold's, read in the
//                    orientation of the class's representative (StartSpace::start_at), Black
//                    moving first; where the rows are their own mirror image, of the two
//                    orientations the one whose ranks read smaller
//       bits 48..51  the target (0: a single round), 52..55 and 56..59 the points of the
//                    representative's Black and Gold (a score below the target fits 4 bits)
// Two round starts have the same key exactly when a symmetry maps one onto the other (tests).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "solver/starts/start_space.h"
#include "src/kamisado/position.h"
#include "src/kamisado/zobrist.h"

namespace kamisado::solver {

struct RoundStart {
  Start rows;                                          // each side's home row, and who moves first
  std::array<std::array<std::uint8_t, 8>, 2> ranks{};  // [side][colour]: the tower's rings
  MatchScore match;                                    // target 0: a single round
  bool operator==(const RoundStart&) const = default;
};

struct RoundStartKey {
  std::uint64_t hi = 0, lo = 0;
  auto operator<=>(const RoundStartKey&) const = default;
  std::string hex() const;  // 32 hex digits, hi then lo: a file name for its certificate
};

// For hash maps of round starts. A key's halves are an index and the rings and scores (key_of),
// not hashes, and most keys share their scores: both are mixed, by zobrist.h's SplitMix64.
struct RoundStartKeyHash {
  std::size_t operator()(const RoundStartKey& k) const {
    std::uint64_t state = k.hi * 0x9E3779B97F4A7C15ULL ^ k.lo;
    return std::size_t(zobrist::detail::splitmix64(state));
  }
};

// The round start a position is, if it is one: a free move (T1) with every tower on its own home
// row, a match not over. Else nullopt.
std::optional<RoundStart> round_start_of(const Position& p);
Position round_start_position(const RoundStart& s);

// The symmetries (above), and the key.
RoundStart turned(const RoundStart& s);
RoundStart flipped(const RoundStart& s);
RoundStartKey key_of(const RoundStart& s);
// The class's representative start of a key (Black moves first): its key is `key` again. An
// InputError if `key` is no canonical key (a class index out of range, a rank past 4, a score
// that is no match's, or ranks not in the orientation key_of reads them in).
RoundStart round_start_of_key(const RoundStartKey& key);

}  // namespace kamisado::solver
