#include "solver/starts/round_start.h"

#include <fmt/format.h>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

std::string RoundStartKey::hex() const { return fmt::format("{:016x}{:016x}", hi, lo); }

std::optional<RoundStart> round_start_of(const Position& p) {
  if (p.turn() != Turn::FreeChoice || p.outcome().over()) return std::nullopt;
  RoundStart s;
  s.rows.first = p.side_to_move();
  s.match = p.match();
  for (Side side : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      const Square q = p.square_of(side, Colour(c));
      if (rank_of(q) != home_rank(side)) return std::nullopt;
      (side == Side::Black ? s.rows.black : s.rows.gold)[file_of(q)] = c;
      s.ranks[index(side)][c] = std::uint8_t(p.rank_of_tower(side, Colour(c)));
    }
  return s;
}

Position round_start_position(const RoundStart& s) {
  Position p = Position::empty_board();
  for (int f = 0; f < 8; ++f) {
    p.place(Side::Black, Colour(s.rows.black[f]), make_square(f, home_rank(Side::Black)), s.ranks[0][s.rows.black[f]]);
    p.place(Side::Gold, Colour(s.rows.gold[f]), make_square(f, home_rank(Side::Gold)), s.ranks[1][s.rows.gold[f]]);
  }
  p.set_match(s.match);
  p.set_turn(s.rows.first, Turn::FreeChoice);
  p.finish();
  return p;
}

RoundStart turned(const RoundStart& s) {
  RoundStart t;
  t.rows = start_space().turned(s.rows);
  t.ranks = {s.ranks[1], s.ranks[0]};
  t.match = s.match;
  t.match.points = {s.match.points[1], s.match.points[0]};
  return t;
}

RoundStart flipped(const RoundStart& s) {
  RoundStart t = s;
  t.rows = start_space().flipped(s.rows);
  for (int side = 0; side < 2; ++side)
    for (int c = 0; c < kColours; ++c) t.ranks[side][kColours - 1 - c] = s.ranks[side][c];
  return t;
}

namespace {

std::uint64_t rank_bits(const RoundStart& s) {
  std::uint64_t bits = 0;
  for (int side = 0; side < 2; ++side)
    for (int c = 0; c < kColours; ++c) bits |= std::uint64_t(s.ranks[side][c] & 7) << (3 * (8 * side + c));
  return bits;
}

}  // namespace

RoundStartKey key_of(const RoundStart& start) {
  if (start.match.target > 15 || start.match.points[0] >= 16 || start.match.points[1] >= 16)
    throw InputError("a round start's target and scores are at most 15 (P3)");
  for (const auto& side : start.ranks)
    for (std::uint8_t r : side)
      if (r > 4) throw InputError("a tower has at most four rings (P3)");
  // Black moving first; then the orientation of the class's representative.
  const RoundStart s = start.rows.first == Side::Black ? start : turned(start);
  const StartSpace& space = start_space();
  const StartSpace::Placed at = space.place(s.rows);
  const std::uint64_t ranks = !at.flipped ? rank_bits(s) : !at.as_given ? rank_bits(flipped(s)) : std::min(rank_bits(s), rank_bits(flipped(s)));
  // A flip keeps the sides, so the scores read the same in either orientation.
  const std::uint64_t lo =
      ranks | std::uint64_t(s.match.target) << 48 | std::uint64_t(s.match.points[0]) << 52 | std::uint64_t(s.match.points[1]) << 56;
  return {at.index, lo};
}

RoundStart round_start_of_key(const RoundStartKey& key) {
  const StartSpace& space = start_space();
  if (key.hi >= space.classes()) throw InputError("round-start key " + key.hex() + ": no class has index " + std::to_string(key.hi));
  RoundStart s;
  s.rows = space.start_at(key.hi);
  for (int side = 0; side < 2; ++side)
    for (int c = 0; c < kColours; ++c) s.ranks[side][c] = std::uint8_t(key.lo >> (3 * (8 * side + c)) & 7);
  s.match = {std::uint32_t(key.lo >> 48 & 15), {std::uint32_t(key.lo >> 52 & 15), std::uint32_t(key.lo >> 56 & 15)}};
  const bool score_fits = s.match.target == 0 ? s.match.points == std::array<std::uint32_t, 2>{}
                                              : s.match.points[0] < s.match.target && s.match.points[1] < s.match.target;
  if (key.lo >> 60 || !score_fits) throw InputError("round-start key " + key.hex() + ": its target and score are no match's (P3)");
  if (key_of(s) != key) throw InputError("round-start key " + key.hex() + ": not a canonical key (ranks past 4, or not read as key_of reads them)");
  return s;
}

}  // namespace kamisado::solver
