// B1–B3, B5: coordinates, colours, the board colouring and its symmetries, the set-up.
#include <gtest/gtest.h>

#include "src/kamisado/board.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/position.h"

using namespace kamisado;

TEST(B1_Coordinates, SquareIndexIsEightTimesRankPlusFile) {
  Square s;
  ASSERT_TRUE(parse_square("a1", s));
  EXPECT_EQ(s, 0);
  ASSERT_TRUE(parse_square("h8", s));
  EXPECT_EQ(s, 63);
  ASSERT_TRUE(parse_square("c4", s));
  EXPECT_EQ(s, 8 * 3 + 2);
  EXPECT_FALSE(parse_square("i1", s));
  EXPECT_FALSE(parse_square("a9", s));
  EXPECT_FALSE(parse_square("a", s));
  EXPECT_EQ(square_name(26), "c4");
}

// B2 and B5: each colour's letter, as KFEN reads it, names the tower that stands on the square
// of that colour in the set-up, Black's on rank 1 and Gold's on rank 8.
TEST(B2_Colours, EachLetterNamesTheTowerOnItsColourInTheSetUp) {
  const Position p = parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
  for (int f = 0; f < 8; ++f)
    for (Side s : {Side::Black, Side::Gold}) {
      Square sq = make_square(f, s == Side::Black ? 0 : 7);
      auto t = p.tower_on(sq);
      ASSERT_TRUE(t) << square_name(sq);
      EXPECT_EQ(t->side, s);
      EXPECT_EQ(t->colour, colour_of(sq)) << square_name(sq);        // B5: on its own colour
      const char* row = s == Side::Black ? "NGRYKPBO" : "OBPKYRGN";  // the KFEN's letters, uppercased
      EXPECT_EQ(kColourLetters[t->colour], row[f]) << square_name(sq);
    }
}

TEST(B3_BoardColouring, TableMatchesRulesRankByRank) {
  const char* rows[8] = {"NGRYKPBO", "PNYBGKOR", "BYNPROKG", "YRGNOBPK", "KPBONGRY", "GKORPNYB", "ROKGBYNP", "OBPKYRGN"};
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) EXPECT_EQ(kColourLetters[colour_of(make_square(f, r))], rows[r][f]) << square_name(make_square(f, r));
}

TEST(B3_BoardColouring, EveryRankAndFileHoldsEachColourOnce) {
  for (int i = 0; i < 8; ++i) {
    unsigned rank = 0, file = 0;
    for (int j = 0; j < 8; ++j) {
      rank |= 1u << colour_of(make_square(j, i));
      file |= 1u << colour_of(make_square(i, j));
    }
    EXPECT_EQ(rank, 0xFFu) << "rank " << i + 1;
    EXPECT_EQ(file, 0xFFu) << "file " << char('a' + i);
  }
}

TEST(B3_BoardColouring, TurningTheBoardKeepsEverySquaresColour) {
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) EXPECT_EQ(colour_of(make_square(f, r)), colour_of(make_square(7 - f, 7 - r)));
}

TEST(B3_BoardColouring, LongDiagonalsAreBrownAndOrange) {
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(colour_of(make_square(i, i)), Brown);
    EXPECT_EQ(colour_of(make_square(i, 7 - i)), Orange);
  }
}

TEST(B3_BoardColouring, MirrorMapsColoursByTheInvolution) {
  const std::pair<Colour, Colour> pairs[] = {{Brown, Orange}, {Green, Blue}, {Red, Purple}, {Yellow, Pink}};
  for (auto [a, b] : pairs) {
    EXPECT_EQ(mirror(a), b);
    EXPECT_EQ(mirror(b), a);
  }
  for (int s = 0; s < 64; ++s) EXPECT_EQ(colour_of(mirror(Square(s))), mirror(colour_of(Square(s))));
}

TEST(B3_Symmetry, PositionTransformsAreInvolutions) {
  Position p = parse_kfen("ob1kyrgn/7G/8/8/8/8/4p3/N1RYKPBO b G");
  EXPECT_EQ(p.rotated().rotated(), p);
  EXPECT_EQ(p.mirrored().mirrored(), p);
  EXPECT_NE(p.rotated().key(), p.key());
  // The transformed positions are what their KFEN says.
  EXPECT_EQ(parse_kfen(to_kfen(p.rotated())), p.rotated());
  EXPECT_EQ(parse_kfen(to_kfen(p.mirrored())), p.mirrored());
}

TEST(B5_InitialSetUp, EachTowerOnItsOwnColourInItsHomeRow) {
  Position p = Position::initial();
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      Square sq = p.square_of(s, Colour(c));
      EXPECT_EQ(rank_of(sq), home_rank(s));
      EXPECT_EQ(colour_of(sq), c);
      EXPECT_EQ(p.rank_of_tower(s, Colour(c)), 0);
    }
  EXPECT_EQ(p.side_to_move(), Side::Black);  // Black moves first
  EXPECT_EQ(p.turn(), Turn::FreeChoice);
  EXPECT_EQ(to_kfen(p), kStartKfen);
}
