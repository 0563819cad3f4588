// §7: perft from the start at depths 1–5, and from positions of our own with passes and
// deadlocks. The counts of our positions at depths 1–2 are worked out by hand in the comments;
// the deeper ones were cross-checked with a separate brute-force walk of the rules.
#include <gtest/gtest.h>

#include <numeric>

#include "src/kamisado/perft.h"
#include "tests/helpers.h"

using namespace kamisado;

TEST(Perft_Reference, StandardStartDepthsOneToFive) {
  const std::uint64_t expected[] = {1, 102, 1150, 11182, 105078, 902410};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(perft(Position::initial(), d), expected[d]) << "depth " << d;
}

TEST(Perft_Reference, TwentyForcedPassesAtDepthThree) {
  int passes = 0;
  Position root = Position::initial();
  MoveList m1;
  generate_moves(root, m1);
  for (Move a : m1) {
    Position p1 = root.after(a);
    MoveList m2;
    generate_moves(p1, m2);
    for (Move b : m2) {
      Position p2 = p1.after(b);
      MoveList m3;
      generate_moves(p2, m3);
      for (Move c : m3) passes += c.kind() == MoveKind::Pass;
    }
  }
  EXPECT_EQ(passes, 20);
}

TEST(Perft_Divide, SumEqualsPerft) {
  for (const char* kfen : {"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R", "obp1yrgn/8/8/8/3k4/3YP3/8/NGR1K1BO b Y"}) {
    Position p = parse_kfen(kfen);
    for (int d = 1; d <= 4; ++d) {
      auto entries = divide(p, d);
      std::uint64_t sum = 0;
      for (auto& e : entries) sum += e.nodes;
      EXPECT_EQ(sum, perft(p, d)) << kfen << " depth " << d;
    }
  }
}

TEST(Perft_M6_ForcedPass, CountsThePassAsANode) {
  // depth 1: the pass. depth 2: Gold's Brown on h8 then has h7-h2 and g7 f6 e5: 9.
  Position p = parse_kfen("o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R");
  const std::uint64_t expected[] = {1, 9, 67, 463};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(p, d), expected[d - 1]) << "depth " << d;
}

TEST(Perft_M9_PassChain, CountsEachPass) {
  // pass, pass, then Black's Brown a1: a2-a7 and b2 (7), then Gold's replies (37 in all).
  Position p = parse_kfen("o3yrg1/8/8/4n3/1bpkYK2/2R5/8/NG3PBO b R");
  const std::uint64_t expected[] = {1, 1, 7, 37};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(p, d), expected[d - 1]) << "depth " << d;
}

TEST(Perft_M4, CornerTouchingPosition) {
  // depth 1: d3c4 d3e4 d3b5 d3f5 d3a6 d3g6 d3h7.
  Position p = parse_kfen("obp1yrgn/8/8/8/3k4/3YP3/8/NGR1K1BO b Y");
  const std::uint64_t expected[] = {7, 80, 592, 5069};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(p, d), expected[d - 1]) << "depth " << d;
}

TEST(Perft_M8_Deadlock, ADeadlockingMoveIsALeaf) {
  // Gold's Purple on a6 has 10 moves; a6e2 deadlocks (M8) and is a leaf at every depth.
  Position p = parse_kfen("ob1kyrgn/7G/p7/8/8/8/8/N1RYKPBO g p");
  auto entries = divide(p, 3);
  bool found = false;
  for (auto& e : entries)
    if (to_string(e.move) == "a6e2") {
      EXPECT_EQ(e.nodes, 1u);
      found = true;
    }
  EXPECT_TRUE(found);
}

TEST(Perft_M7_HomeRowDash, AWinningMoveIsALeaf) {
  // 13 moves of Black's Brown; a1a8 wins; depth 2 is then 1 + the replies to the other 12.
  Position p = parse_kfen("1bpkyrgn/8/7o/8/8/8/8/NGRYKPBO b N");
  const std::uint64_t expected[] = {13, 97, 964, 8435};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(p, d), expected[d - 1]) << "depth " << d;
}

TEST(Perft_B3_Symmetry, MirrorAndTurnKeepCounts) {
  for (const char* kfen : {"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "obp1yrgn/8/8/8/3k4/3YP3/8/NGR1K1BO b Y", "3k4/2bpryng/Y1oNKPGO/8/6B1/8/8/2R5 b B"}) {
    Position p = parse_kfen(kfen);
    std::uint64_t n = perft(p, 4);
    EXPECT_EQ(perft(p.mirrored(), 4), n) << kfen;
    EXPECT_EQ(perft(p.rotated(), 4), n) << kfen;
  }
}

namespace {
// perft by the definition: play every move, no bulk counting, no shortcut.
std::uint64_t plain_perft(const Position& pos, int depth) {
  if (depth == 0 || pos.outcome().over()) return 1;
  MoveList moves;
  generate_moves(pos, moves);
  std::uint64_t n = 0;
  for (Move m : moves) n += plain_perft(pos.after(m), depth - 1);
  return n;
}
}  // namespace

TEST(Perft_BulkCounting, EqualsThePlainTreeWalkOnPositionsFromPlay) {
  for (std::uint32_t seed = 0; seed < 60; ++seed) {
    Position p = test::random_position(seed, int(seed % 30));
    for (int d = 1; d <= 3; ++d) ASSERT_EQ(perft(p, d), plain_perft(p, d)) << to_kfen(p) << " depth " << d;
    Position in_match = test::random_position(seed, 40 + int(seed % 200), parse_kfen(std::string(kStartKfen) + " 15:0-0"));
    for (int d = 1; d <= 3; ++d) ASSERT_EQ(perft(in_match, d), plain_perft(in_match, d)) << to_kfen(in_match) << " depth " << d;
  }
}

// Issue 18, 5: a deep count reports progress within each first move, not only after it, and
// the counts are unchanged (§7).
TEST(Perft_Divide, ProgressIsHeardWithinEachFirstMoveFromDepth4) {
  std::size_t calls = 0, last_done = 0;
  bool in_order = true;
  std::uint64_t last_leaves = 0;
  auto entries = divide(Position::initial(), 5, [&](std::size_t done, std::size_t of, std::uint64_t leaves) {
    ++calls;
    in_order = in_order && done >= last_done && of == 102 && leaves >= last_leaves;
    last_done = done, last_leaves = leaves;
  });
  std::uint64_t sum = 0;
  for (const auto& e : entries) sum += e.nodes;
  EXPECT_EQ(sum, 902410u);
  EXPECT_EQ(last_leaves, 902410u);
  EXPECT_TRUE(in_order);
  EXPECT_GT(calls, 10 * entries.size());  // every reply of every first move, at least ten a move here
}

// Issue 27, 7: at depth 12 the first word of progress comes after one small piece of the count,
// not after a whole reply's subtree of 10 plies (minutes): the count is stopped at the third.
TEST(Perft_Divide, ProgressComesWithinTheFirstMillisecondsAtDepth12) {
  struct Enough {};
  std::vector<std::uint64_t> heard;
  EXPECT_THROW(divide(Position::initial(), 12,
                      [&](std::size_t, std::size_t, std::uint64_t leaves) {
                        heard.push_back(leaves);
                        if (heard.size() == 3) throw Enough{};
                      }),
               Enough);
  ASSERT_EQ(heard.size(), 3u);
  EXPECT_GT(heard[0], 0u);
  EXPECT_LT(heard[2], 1'000'000u);  // three pieces of at most 3 plies; perft 3 from the start is 11182
}
