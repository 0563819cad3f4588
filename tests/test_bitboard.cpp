// M1–M4, S1–S2 at the level of the bitboard primitives: the Kogge-Stone code is compared with
// a plain square-by-square walk for every square, side and range, on many occupancies.
#include <gtest/gtest.h>

#include <random>

#include "src/kamisado/bitboard.h"

using namespace kamisado;

namespace {
// The rules read literally: walk each forward line square by square (M1, M2, M3, S1).
Bitboard walk_targets(Square from, Bitboard occupied, Side side, int tower_rank) {
  int dr = side == Side::Black ? 1 : -1;
  Bitboard out = 0;
  for (int df : {-1, 0, 1}) {
    int f = file_of(from) + df, r = rank_of(from) + dr;
    for (int steps = 1; steps <= kRangeOfRank[tower_rank] && f >= 0 && f < 8 && r >= 0 && r < 8; ++steps, f += df, r += dr) {
      Square s = make_square(f, r);
      if (occupied & bit(s)) break;
      out |= bit(s);
    }
  }
  return out;
}

// S2 read literally.
bool walk_push(Square from, Bitboard empty, Bitboard pushable, Side side, int tower_rank) {
  int dr = side == Side::Black ? 1 : -1;
  int f = file_of(from), r = rank_of(from) + dr;
  int max_pushed = std::min(tower_rank, 3);
  for (int n = 0;; ++n, r += dr) {
    if (r < 0 || r > 7) return false;  // the square beyond must exist
    Square s = make_square(f, r);
    if (empty & bit(s)) return n >= 1;
    if (!(pushable & bit(s)) || n == max_pushed) return false;
  }
}
}  // namespace

TEST(M1_M4_S1_Sliding, KoggeStoneEqualsTheSquareWalk) {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 300; ++trial) {
    // Sparse and dense boards alike.
    Bitboard occupied = rng() & rng();
    if (trial % 3 == 0) occupied |= rng();
    for (int sq = 0; sq < 64; ++sq)
      for (Side side : {Side::Black, Side::Gold})
        for (int rank = 0; rank <= 4; ++rank) {
          Bitboard occ = occupied & ~bit(Square(sq));
          Bitboard got = tower_targets<Bitboard>(Square(sq), ~(occ | bit(Square(sq))), side, rank);
          ASSERT_EQ(got, walk_targets(Square(sq), occ, side, rank)) << "square " << sq << " side " << int(side) << " rank " << rank << " occ " << occ;
        }
  }
}

TEST(M4_CornerTouchingTowers, DiagonalPassesBetweenThem) {
  // e3 and d4 touch corner to corner; a tower on d3 still goes d3-e4-f5-g6-h7 between them.
  Square d3 = make_square(3, 2);
  Bitboard occ = bit(make_square(4, 2)) | bit(make_square(3, 3));
  Bitboard t = tower_targets<Bitboard>(d3, ~(occ | bit(d3)), Side::Black, 0);
  for (int i = 1; i <= 4; ++i) EXPECT_TRUE(t & bit(make_square(3 + i, 2 + i))) << i;
}

TEST(S2_PushPrimitive, EqualsTheLiteralRuleOnEveryColumn) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 400; ++trial) {
    Bitboard occupied = rng() | rng();  // dense: columns of towers
    Bitboard pushable = occupied & rng();
    for (int sq = 0; sq < 64; ++sq)
      for (Side side : {Side::Black, Side::Gold})
        for (int rank = 0; rank <= 4; ++rank) {
          Bitboard occ = occupied | bit(Square(sq));
          Bitboard push = pushable & ~bit(Square(sq));
          Bitboard got = push_target<Bitboard>(bit(Square(sq)), ~occ, push, side, rank);
          bool legal = rank >= 1 && walk_push(Square(sq), ~occ, push, side, rank);
          Bitboard ahead = legal ? bit(Square(sq + (side == Side::Black ? 8 : -8))) : 0;
          ASSERT_EQ(got, ahead) << "square " << sq << " side " << int(side) << " rank " << rank;
        }
  }
}
