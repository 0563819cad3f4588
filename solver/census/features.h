// What the second mover's wins have in common: features of a start, measured on every start of
// a census run, and each tested as a hypothesis against the results.
//
// A feature is a property of the start's class (the same on every start of it: each is
// unchanged by turn and flip, start_space.h), counted from the side of the first mover:
//   same_colour_files    files on which the two home-row towers have the same colour (they
//                        face each other across the board); same_colour_on[k] counts those
//                        among the file pair k (a/h, b/g, c/f, d/e: flip swaps a pair's files)
//   first_own_squares    the first mover's towers standing on a square of their own colour
//                        (all 8 in B5's order); second_own_squares, the second mover's
//   quick_losses         the first mover's first moves after which the second mover wins at
//                        once (M1, T2: the tower that must move reaches the first mover's
//                        home row); every start has the same 102 first moves
// A hypothesis "the second mover's wins depend on feature F" is tested by Pearson's chi-squared
// test of independence between F's value and who wins, over the classes of the run (values seen
// on fewer than 5 expected wins pooled with their neighbours, so the test's approximation holds):
// a small p says that F and the result are not independent; the table says how.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "solver/starts/start_space.h"

namespace kamisado::solver {

struct StartFeatures {
  int same_colour_files = 0, first_own_squares = 0, second_own_squares = 0;
  std::array<int, 4> same_colour_on{};  // file pairs a/h, b/g, c/f, d/e
  int quick_losses = 0;
};
StartFeatures features_of(const Start& start);

// One feature against who wins: for each value (pooled into bins), the classes and the second
// mover's wins among them.
struct FeatureBin {
  int low = 0, high = 0;  // the values pooled, low..high
  std::uint64_t classes = 0, second_mover_wins = 0;
};
struct FeatureTest {
  std::string name, meaning;
  std::vector<FeatureBin> bins;
  double chi_squared = 0;
  int degrees = 0;
  double p_value = 1;              // of independence; 1 when there is nothing to test
  int win_low = 0, win_high = -1;  // the values among the second mover's wins (none: high < low)
};

// The classes' features and results, and the tests over them.
struct FeatureSample {
  std::vector<StartFeatures> features;
  std::vector<bool> second_mover_wins;
};
std::vector<FeatureTest> test_features(const FeatureSample& sample);

}  // namespace kamisado::solver
