// Property tests over random seeded matches (rapidcheck; case count and seed are set in
// tests/CMakeLists.txt). At every step of every match:
//   - 16 towers stand on 16 distinct squares (B4), and the per-side and per-rank bitboards
//     agree with them;
//   - each player's points equal the sum of the values of his rings (P2);
//   - every real move raises the advancement potential (rules.md §2 "Consequences"), taken
//     rank-lexicographically: first the advancement of the highest-ranked towers, and so on;
//     a pass changes nothing;
//   - the match ends exactly when a player reaches the target (P3);
//   - KFEN round-trips and the incremental Zobrist key equals the key computed afresh.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>

#include "src/play/players.h"
#include "tests/helpers.h"

using namespace kamisado;

namespace {
// Entry 0 is the advancement of rank-4 towers, entry 4 that of plain towers.
std::array<int, 5> potential(const Position& p) {
  std::array<int, 5> v{};
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) v[4 - p.rank_of_tower(s, Colour(c))] += std::abs(rank_of(p.square_of(s, Colour(c))) - home_rank(s));
  return v;
}

std::uint32_t ring_value_sum(const Position& p, Side s) {
  std::uint32_t sum = 0;
  for (int c = 0; c < kColours; ++c) sum += (1u << p.rank_of_tower(s, Colour(c))) - 1;  // 1+2+..+2^(r-1)
  return sum;
}

void check_invariants(const Position& p) {
  Bitboard seen = 0;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      Square sq = p.square_of(s, Colour(c));
      RC_ASSERT(!(seen & bit(sq)));
      RC_ASSERT((p.towers(s) & bit(sq)) != 0);
      seen |= bit(sq);
    }
  RC_ASSERT(popcount(p.occupied()) == 16);
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) RC_ASSERT((p.towers_of_rank(s, p.rank_of_tower(s, Colour(c))) & bit(p.square_of(s, Colour(c)))) != 0);
  for (Side s : {Side::Black, Side::Gold}) {
    Bitboard all = 0;
    for (int r = 0; r <= 4; ++r) all |= p.towers_of_rank(s, r);
    RC_ASSERT(all == p.towers(s));
  }
  for (Side s : {Side::Black, Side::Gold}) RC_ASSERT(p.match().points[index(s)] == ring_value_sum(p, s));
  bool reached = p.match().points[0] >= p.match().target || p.match().points[1] >= p.match().target;
  RC_ASSERT(p.outcome().over() == reached);
  RC_ASSERT((count_moves(p) == 0) == reached);
  Position back = parse_kfen(to_kfen(p));
  RC_ASSERT(back.key() == p.key());
  RC_ASSERT(to_kfen(back) == to_kfen(p));
}
}  // namespace

RC_GTEST_PROP(Match_Properties, InvariantsHoldThroughRandomMatches, ()) {
  const std::uint32_t target = *rc::gen::element<std::uint32_t>(1, 3, 7, 15);
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  const std::string black = *rc::gen::element<std::string>("random", "greedy");
  const std::string gold = *rc::gen::element<std::string>("random", "greedy");
  auto players = std::array{play::make_player(black, seed), play::make_player(gold, ~seed)};
  Position p = parse_kfen(std::string(kStartKfen) + " " + std::to_string(target) + ":0-0");
  int rounds = 1;
  check_invariants(p);
  while (!p.outcome().over()) {
    Move m = players[index(p.side_to_move())]->choose(p);
    Position next = p.after(m);
    check_invariants(next);
    bool round_ended = next.turn() == Turn::BetweenRounds || next.outcome().over();
    if (m.kind() == MoveKind::Pass) RC_ASSERT(potential(next) == potential(p));
    if (m.is_real() && !round_ended) RC_ASSERT(potential(next) > potential(p));
    if (m.kind() == MoveKind::Fill) ++rounds;
    p = next;
  }
  // Every round scores at least one point, so a match has at most 2 * target - 1 rounds.
  RC_ASSERT(rounds <= int(2 * target - 1));
  RC_TAG(target);
}
