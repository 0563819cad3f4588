// M7–M9: how a round ends, and pass chains. The deadlock and pass-chain positions were found
// by random play with a separate brute-force walk of the rules, then checked by hand as the
// comments describe.
#include <gtest/gtest.h>

#include <algorithm>

#include "src/kamisado/perft.h"
#include "src/kamisado/rules.h"
#include "tests/helpers.h"

using namespace kamisado;
using test::move_names;
using test::play_moves;

namespace {
// The (player, colour) pairs of a deadlock's cycle, walked with the engine's can_act only.
int deadlock_cycle_size(const Position& p) {
  std::vector<int> seen;
  Side s = p.side_to_move();
  Colour c = p.designated();
  for (;;) {
    EXPECT_FALSE(can_act(p, s, c));
    int link = 8 * index(s) + c;
    auto it = std::find(seen.begin(), seen.end(), link);
    if (it != seen.end()) return int(seen.end() - it);
    seen.push_back(link);
    c = colour_of(p.square_of(s, c));
    s = ~s;
  }
}
}  // namespace

TEST(M7_HomeRowWin, ReachingTheOpponentsHomeRowWinsAndEndsTheGame) {
  Position p = play_moves(parse_kfen("1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N"), {"a1a8"});
  EXPECT_EQ(p.outcome(), (Outcome{Ending::HomeRow, Side::Black, Brown}));
  EXPECT_TRUE(move_names(p).empty());
  EXPECT_EQ(perft(p, 3), 0u);
  // Read back from KFEN, the position says the same.
  EXPECT_EQ(parse_kfen(to_kfen(p)).outcome(), p.outcome());
}

TEST(M7_HomeRowWin, AGoldTowerOnRankOneWinsForGold) {
  // Gold's Brown dashes h8-h1 down the cleared h-file.
  Position p = parse_kfen("obpkyrgn/8/8/8/8/8/O7/NGRYKPB1 g n");
  EXPECT_EQ(p.outcome().ending, Ending::None);
  Position won = play_moves(p, {"h8h1"});
  EXPECT_EQ(won.outcome(), (Outcome{Ending::HomeRow, Side::Gold, Brown}));
}

TEST(M8_Deadlock, TwoTowersTheMoverLoses) {
  // Gold's Purple a6-e2 ends on Green. Black's Green on h7 is blocked by g8 and h8; h7 is
  // Purple, and Gold's Purple on e2 is blocked by d1 e1 f1; e2 is Green: the cycle
  // (Black Green, Gold Purple) repeats. Gold made the real move, so Gold loses.
  Position before = parse_kfen("ob1kyrgn/7G/p7/8/8/8/8/N1RYKPBO g p");
  Position p = play_moves(before, {"a6e2"});
  EXPECT_EQ(p.outcome(), (Outcome{Ending::Deadlock, Side::Black, Green}));
  EXPECT_EQ(deadlock_cycle_size(p), 2);
  EXPECT_TRUE(move_names(p).empty());  // decided at once: no passes are played (M8)
  EXPECT_TRUE(chain_deadlocks(p, Side::Black, Green));
  EXPECT_EQ(pass_chain_length(p, Side::Black, Green), -1);
  // perft counts the deadlocking move as a leaf.
  EXPECT_EQ(perft(before, 1), divide(before, 1).size());
}

TEST(M8_Deadlock, FourTowersTheMoverLoses) {
  // Black's Yellow f3-h5 ends on Yellow. Gold's Yellow on e7 is blocked (d6 e6 f6) on Blue;
  // Black's Blue on g5 is blocked (f6 g6 h6) on Red; Gold's Red on f7 is blocked (e6 f6 g6) on
  // Yellow; Black's Yellow on h5 is blocked (g6 h6) on Yellow, and Gold's Yellow comes round
  // again. Black made the real move, so Gold wins.
  Position p = play_moves(parse_kfen("1b6/4yr1G/3kpPng/o4RB1/2N5/5Y2/5K2/7O b Y"), {"f3h5"});
  EXPECT_EQ(p.outcome().ending, Ending::Deadlock);
  EXPECT_EQ(p.outcome().winner, Side::Gold);
  EXPECT_EQ(p.outcome().ring_tower, Yellow);  // h5 is a Yellow square (P2)
  EXPECT_EQ(deadlock_cycle_size(p), 4);
}

TEST(M8_Deadlock, SixTowersTheMoverLoses) {
  // Black's Blue g4-f5 ends on Green. Gold's Green h7 (blocked by g6 h6) stands on Purple;
  // Black's Purple f6 (e7 f7 g7) on Brown; Gold's Brown g7 (f6 g6 h6) on Brown; Black's Brown
  // d6 (c7 d7 e7) on Red; Gold's Red e7 (d6 e6 f6) on Blue; Black's Blue f5 (e6 f6 g6) on
  // Green, and Gold's Green comes round again. Black made the real move, so Gold wins, and the
  // ring goes on Gold's Green (f5 is Green, P2).
  Position p = play_moves(parse_kfen("3k4/2bpryng/Y1oNKPGO/8/6B1/8/8/2R5 b B"), {"g4f5"});
  EXPECT_EQ(p.outcome(), (Outcome{Ending::Deadlock, Side::Gold, Green}));
  EXPECT_EQ(deadlock_cycle_size(p), 6);
  EXPECT_TRUE(move_names(p).empty());
}

TEST(M8_Deadlock, TheLongestCycleHoldsAllSixteenTowers) {
  // Found by `kamisado verify` (Z3): Black's towers fill rank 4 and Gold's rank 5, so every
  // tower is blocked, and the colours chain all sixteen into one cycle. Gold moved last, so
  // Gold loses.
  Position p = parse_kfen("8/8/8/pnoybgkr/BNPKYROG/8/8/8 b O");
  EXPECT_EQ(p.outcome(), (Outcome{Ending::Deadlock, Side::Black, Orange}));
  EXPECT_EQ(deadlock_cycle_size(p), 16);
}

TEST(M8_Deadlock, KfenOfADeadlockReadsBackAsTheSameEnding) {
  Position p = play_moves(parse_kfen("ob1kyrgn/7G/p7/8/8/8/8/N1RYKPBO g p"), {"a6e2"});
  EXPECT_EQ(parse_kfen(to_kfen(p)).outcome(), p.outcome());
}

TEST(M9_PassChain, TwoPassesThenARealMove) {
  // Black's Red on c3 is blocked (b4 c4 d4); c3 is Brown and Gold's Brown on e5 is blocked
  // (d4 e4 f4); e5 is Brown and Black's Brown on a1 can move. Each pass is a move.
  Position p = parse_kfen("o3yrg1/8/8/4n3/1bpkYK2/2R5/8/NG3PBO b R");
  EXPECT_EQ(pass_chain_length(p, Side::Black, Red), 2);
  EXPECT_EQ(move_names(p), std::vector<std::string>{"pass"});
  Position q = play_moves(p, {"pass", "pass"});
  EXPECT_EQ(q.side_to_move(), Side::Black);
  EXPECT_EQ(q.designated(), Brown);
  EXPECT_EQ(move_names(q).size(), 7u);  // a2-a7 and b2; c3 is taken
  EXPECT_EQ(perft(p, 1), 1u);
  EXPECT_EQ(perft(p, 2), 1u);
  EXPECT_EQ(perft(p, 3), 7u);
}

TEST(M9_PassChain, ThreeAndFourPassesThenARealMove) {
  struct Case {
    const char* kfen;
    const char* move;
    int passes;
  };
  const Case cases[] = {
      {"obpky1gn/NG1O4/8/5r2/8/8/8/2RYKPB1 g g", "g8c4", 3},
      {"2pky3/5r2/8/8/8/3oKYbg/1NGRP1On/6B1 g y", "e8c6", 4},
  };
  for (const Case& c : cases) {
    Position p = play_moves(parse_kfen(c.kfen), {c.move});
    ASSERT_FALSE(p.outcome().over()) << c.kfen;
    EXPECT_EQ(pass_chain_length(p, p.side_to_move(), p.designated()), c.passes) << c.kfen;
    for (int i = 0; i < c.passes; ++i) {
      ASSERT_EQ(move_names(p), std::vector<std::string>{"pass"}) << c.kfen << " pass " << i;
      p = p.after(parse_move(p, "pass"));
    }
    EXPECT_TRUE(can_act(p, p.side_to_move(), p.designated())) << c.kfen;
    EXPECT_NE(move_names(p).front(), "pass");
  }
}
