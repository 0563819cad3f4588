// The census's space of round starts (solver/census/start_space.h): F3 home rows in any order,
// counted up to the B3 symmetries, and its dense index.
#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "kamisado/kfen.h"
#include "solver/census/start_space.h"

using namespace kamisado;
using namespace kamisado::solver;

namespace {

// Every start of an n-file space, by brute force: both rows in every order, either side first.
std::vector<Start> every_start(int n) {
  std::vector<int> p(n);
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::array<int, 8>> rows;
  do {
    std::array<int, 8> r{};
    std::copy(p.begin(), p.end(), r.begin());
    rows.push_back(r);
  } while (std::next_permutation(p.begin(), p.end()));
  std::vector<Start> all;
  for (const auto& b : rows)
    for (const auto& g : rows)
      for (Side first : {Side::Black, Side::Gold}) all.push_back({b, g, first});
  return all;
}

auto as_tuple(const Start& s) { return std::tuple(s.black, s.gold, s.first); }

// The orbit of a start under {id, turn, flip, turn·flip}, as its least member.
std::tuple<std::array<int, 8>, std::array<int, 8>, Side> orbit_of(const StartSpace& space, const Start& s) {
  return std::min({as_tuple(s), as_tuple(space.turned(s)), as_tuple(space.flipped(s)), as_tuple(space.turned(space.flipped(s)))});
}

}  // namespace

// B3 and F3 on boards of 1 to 5 files: Burnside's count equals the number of orbits found by
// brute force, and the index numbers the orbits 0, 1, … exactly: one number per orbit, every
// number used, and start_at gives back a member of the orbit, with Black first.
TEST(CensusSpace_B3, BurnsideCountAndIndexMatchBruteForceOnSmallBoards) {
  for (int n = 1; n <= 5; ++n) {
    StartSpace space(n);
    std::map<std::tuple<std::array<int, 8>, std::array<int, 8>, Side>, std::uint64_t> index_of_orbit;
    std::set<std::uint64_t> used;
    for (const Start& s : every_start(n)) {
      const std::uint64_t i = space.index_of(s);
      ASSERT_LT(i, space.classes()) << n << " files";
      auto [it, fresh] = index_of_orbit.emplace(orbit_of(space, s), i);
      ASSERT_EQ(it->second, i) << n << " files: two members of one orbit get different indices";
      if (fresh) {
        ASSERT_TRUE(used.insert(i).second) << n << " files: two orbits share index " << i;
      }
      const Start back = space.start_at(i);
      EXPECT_EQ(back.first, Side::Black);
      EXPECT_EQ(orbit_of(space, back), it->first) << n << " files: start_at(" << i << ") is outside its orbit";
    }
    EXPECT_EQ(index_of_orbit.size(), space.classes()) << n << " files";
    EXPECT_EQ(space.starts(), every_start(n).size()) << n << " files";
  }
}

// The real board: 8!·8!·2 starts, 384 flip-symmetric rows (4! colour pairs on the 4 file
// pairs, 2⁴ ways round), 812,924,928 classes; the B5 set-up's rows are both symmetric.
TEST(CensusSpace_B3, RealBoardCounts) {
  const StartSpace& space = start_space();
  EXPECT_EQ(space.starts(), 3'251'404'800u);
  EXPECT_EQ(space.symmetric_rows(), 384u);
  EXPECT_EQ(space.classes(), 812'924'928u);
  auto initial = start_of(Position::initial());
  ASSERT_TRUE(initial);
  EXPECT_EQ(space.flipped(*initial), *initial);
  EXPECT_EQ(space.index_of(*initial), space.index_of(space.flipped(*initial)));
}

// A seeded sample of the real board's indices round-trips, and starts related by the board's
// own symmetries (Position::rotated, Position::mirrored: not the space's) get the same index.
TEST(CensusSpace_B3, SampleRoundTripsAndSymmetricStartsShareAnIndex) {
  const StartSpace& space = start_space();
  std::mt19937_64 rng(20261130);
  for (int k = 0; k < 20000; ++k) {
    const std::uint64_t i = k < 4 ? std::array<std::uint64_t, 4>{0, 1, space.classes() - 2, space.classes() - 1}[k] : rng() % space.classes();
    const Start s = space.start_at(i);
    ASSERT_EQ(space.index_of(s), i);
    // Position and back (F3 home rows), and the B3 symmetries applied by the rules library.
    const Position p = start_position(s);
    ASSERT_EQ(start_of(p), s) << to_kfen(p);
    for (const Position& q : {p.rotated(), p.mirrored(), p.rotated().mirrored()}) {
      auto t = start_of(q);
      ASSERT_TRUE(t) << to_kfen(q);
      EXPECT_EQ(space.index_of(*t), i) << to_kfen(p) << " and its symmetric " << to_kfen(q);
    }
  }
  EXPECT_THROW(space.start_at(space.classes()), std::out_of_range);
}

// Only a round start with every tower on its home row, plain, is a start.
TEST(CensusSpace_F3, PositionsThatAreNotStartsAreRefused) {
  EXPECT_TRUE(start_of(Position::initial()));
  EXPECT_FALSE(start_of(parse_kfen("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0")));  // a match
  EXPECT_FALSE(start_of(parse_kfen("obpkyrgn/8/8/8/8/8/1G6/N1RYKPBO g n")));      // a move made
  EXPECT_FALSE(start_of(parse_kfen("obpkyrgn/8/8/8/8/8/8/NG+RYKPBO b -")));       // a Sumo
}
