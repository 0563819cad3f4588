// What counts as a win: the parameter of every search, proof and check (rules.md P1–P3).
//
//   round   the round being played is won (M7, M8): the question a single round asks, and the
//           one the solver asked before matches;
//   match   the match is won (P3): a round's end is then not the end, the Defender's fill-left
//           and fill-right (F1–F3) are moves like any other, and the next round is searched;
//   ring    `owner` wins the round being played with a ring worth at least `points` (P2): the
//           round won with the wrong tower does not count.
//
// Each is a two-sided question: at every position that decides it, one side has won it, and
// the search proves for an attacker or refutes it (then the other side has won). A match too
// has no cycles and no draws: inside a round every real move advances the mover (rules.md §2),
// and each round's end raises a score by at least 1, which never falls; so every line ends, in
// a finished match, within (target − 1) · 2 + 1 rounds, and what is proved of a position holds
// whatever line reached it.
#pragma once

#include <cstdint>
#include <optional>

#include "src/kamisado/position.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

enum class AimKind : std::uint8_t { Round, Match, Ring };

struct Aim {
  AimKind kind = AimKind::Round;
  Side owner = Side::Black;  // ring: whose ring
  std::uint8_t points = 0;   // ring: its least value (1, 2, 4 or 8)
  std::uint32_t base = 0;    // ring: the owner's score before the round ends

  static constexpr Aim round() { return {}; }
  static constexpr Aim match() { return {AimKind::Match, Side::Black, 0, 0}; }
  // `from` is a position of the round in question: the ring's value is what the round's end
  // adds to the owner's score.
  static Aim ring(Side owner, int points, const Position& from) {
    return {AimKind::Ring, owner, std::uint8_t(points), from.match().points[index(owner)]};
  }
  constexpr bool operator==(const Aim&) const = default;
};

// Who has won the question at `pos`, if it is decided there.
inline std::optional<Side> decided(const Aim& aim, const Position& pos) {
  switch (aim.kind) {
    case AimKind::Round: return round_winner(pos);
    case AimKind::Match:
      if (pos.outcome().ending == Ending::MatchWon) return pos.outcome().winner;
      return std::nullopt;
    case AimKind::Ring: break;
  }
  auto w = round_winner(pos);
  if (!w) return std::nullopt;
  bool won = *w == aim.owner && pos.match().points[index(aim.owner)] >= aim.base + aim.points;
  return won ? aim.owner : ~aim.owner;
}

// The least rank of a tower of `side` whose step onto the goal row (M7) decides the question
// for `side` at once, or 5 if none does: the searches use it to settle a position whose side
// to move can win at once without expanding it (rules.h, wins_at_once). The score does not
// change within a round, so this is the same at every position of one.
inline int deciding_rank(const Aim& aim, const Position& pos, Side side) {
  auto rank_for = [](std::uint32_t need) {  // the least r with 2^r >= need (P2)
    int r = 0;
    while (r < 4 && ring_points(r) < need) ++r;
    return ring_points(r) >= need ? r : 5;
  };
  switch (aim.kind) {
    case AimKind::Round: return 0;
    case AimKind::Match: return rank_for(pos.match().target - pos.match().points[index(side)]);
    case AimKind::Ring: return side == aim.owner ? rank_for(aim.points) : 0;
  }
  return 0;
}

// Whether `side` can decide the question for itself by losing the round: against a ring goal,
// a deadlock of its own making (M8) or any round the owner wins with a lesser ring. Then the
// rules' least distance to a win (rules.h, least_plies_to_win) does not hold: one ply may do.
constexpr bool wins_by_losing_round(const Aim& aim, Side side) { return aim.kind == AimKind::Ring && side != aim.owner; }

// What the table key mixes in, so that the questions keep apart in one table. The round's is 0:
// its keys are those of the search before there were other aims.
inline std::uint64_t aim_salt(const Aim& aim) {
  switch (aim.kind) {
    case AimKind::Round: return 0;
    case AimKind::Match: return 0x5851F42D4C957F2Dull;
    case AimKind::Ring: return 0x14057B7EF767814Full * (2u * aim.points + index(aim.owner) + 1);
  }
  return 0;
}

}  // namespace kamisado::solver
