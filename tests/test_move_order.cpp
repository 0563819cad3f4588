// The order df-pn makes a node's children in (solver/search/move_order.h): a tower's steps made
// straight nearest the goal row first (M7) are in the order that sorting the generated moves gives,
// on every square, side and set of targets; and the sort keeps pushes, passes and fills after the
// steps, each group in the order it was generated.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "solver/search/move_order.h"
#include "src/kamisado/movegen.h"
#include "tests/helpers.h"

using namespace kamisado;
using solver::add_steps_nearest_first;
using solver::order_by_advance;
using solver::rows_left;

namespace {
struct Child {
  Move move;
};

std::vector<Move> sorted(const MoveList& moves, Side mover) {
  std::vector<Child> children;
  for (Move m : moves) children.push_back({m});
  order_by_advance(children.data(), children.size(), mover);
  std::vector<Move> out;
  for (const Child& c : children) out.push_back(c.move);
  return out;
}

std::vector<Move> listed(const MoveList& moves) { return {moves.begin(), moves.end()}; }
}  // namespace

TEST(M7_MoveOrder, StepsMadeNearestFirstEqualTheSortedSteps) {
  std::mt19937_64 rng(20261205);
  for (int trial = 0; trial < 200; ++trial) {
    const Bitboard targets = trial % 2 ? rng() : rng() & rng() & rng();
    for (int sq = 0; sq < 64; ++sq)
      for (Side mover : {Side::Black, Side::Gold}) {
        MoveList plain, nearest;
        add_steps(Square(sq), targets, plain);
        add_steps_nearest_first(Square(sq), targets, mover, nearest);
        ASSERT_EQ(listed(nearest), sorted(plain, mover)) << "square " << sq << " side " << int(mover) << " targets " << targets;
      }
  }
}

TEST(M7_MoveOrder, SortedMovesAdvanceFirstAndKeepTheirOrderWithinARow) {
  for (std::uint32_t seed = 1; seed <= 2000; ++seed) {
    const Position p = test::random_position(seed, int(seed % 40));
    MoveList moves;
    generate_moves(p, moves);
    const Side mover = p.side_to_move();
    const std::vector<Move> got = sorted(moves, mover);
    ASSERT_EQ(got.size(), moves.size());
    for (std::size_t i = 1; i < got.size(); ++i) {
      const int before = rows_left(got[i - 1], mover), after = rows_left(got[i], mover);
      ASSERT_LE(before, after) << to_kfen(p);  // pushes and passes (8) after every step
      if (before == after) {                   // stable: as generate_moves listed them
        const auto at = [&](Move m) { return std::find(moves.begin(), moves.end(), m) - moves.begin(); };
        ASSERT_LT(at(got[i - 1]), at(got[i])) << to_kfen(p);
      }
    }
  }
}
