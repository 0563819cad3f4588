#include "solver/census/features.h"

#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

#include <boost/math/distributions/chi_squared.hpp>

#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

StartFeatures features_of(const Start& start) {
  StartFeatures f;
  const Side first = start.first, second = ~first;
  const auto& first_row = first == Side::Black ? start.black : start.gold;
  const auto& second_row = first == Side::Black ? start.gold : start.black;
  for (int file = 0; file < 8; ++file) {
    f.same_colour_files += start.black[file] == start.gold[file];
    f.same_colour_on[std::min(file, 7 - file)] += start.black[file] == start.gold[file];
    f.first_own_squares += int(colour_of(make_square(file, home_rank(first)))) == first_row[file];
    f.second_own_squares += int(colour_of(make_square(file, home_rank(second)))) == second_row[file];
  }
  const Position p = start_position(start);
  MoveList moves;
  generate_moves(p, moves);
  for (Move m : moves) {
    const Position after = p.after(m);
    MoveList replies;
    generate_moves(after, replies);
    f.quick_losses += std::any_of(replies.begin(), replies.end(), [&](Move r) { return round_winner(after.after(r)) == second; });
  }
  return f;
}

namespace {

// Pearson's chi-squared test of independence of the bins and who wins.
void chi_squared(FeatureTest& t, std::uint64_t classes, std::uint64_t wins) {
  t.degrees = int(t.bins.size()) - 1;
  if (t.degrees < 1 || wins == 0 || wins == classes) return;
  const double rate = double(wins) / double(classes);
  for (const FeatureBin& b : t.bins) {
    const double expect_second = double(b.classes) * rate, expect_first = double(b.classes) - expect_second;
    const double second = double(b.second_mover_wins), first = double(b.classes - b.second_mover_wins);
    t.chi_squared +=
        (second - expect_second) * (second - expect_second) / expect_second + (first - expect_first) * (first - expect_first) / expect_first;
  }
  t.p_value = boost::math::cdf(boost::math::complement(boost::math::chi_squared_distribution<double>(t.degrees), t.chi_squared));
}

FeatureTest test_one(const std::string& name, const std::string& meaning, const FeatureSample& s,
                     const std::function<int(const StartFeatures&)>& feature) {
  FeatureTest t;
  t.name = name, t.meaning = meaning;
  std::map<int, FeatureBin> by_value;
  std::uint64_t wins = 0;
  t.win_low = 1 << 30;
  for (std::size_t i = 0; i < s.features.size(); ++i) {
    const int value = feature(s.features[i]);
    FeatureBin& b = by_value[value];
    ++b.classes;
    b.second_mover_wins += s.second_mover_wins[i];
    wins += s.second_mover_wins[i];
    if (s.second_mover_wins[i]) t.win_low = std::min(t.win_low, value), t.win_high = std::max(t.win_high, value);
  }
  const std::uint64_t classes = s.features.size();
  const double rate = classes ? double(wins) / double(classes) : 0;
  // Neighbouring values pooled until each bin expects 5 of either result (the test's rule of thumb).
  auto full = [&](const FeatureBin& b) { return double(b.classes) * rate >= 5 && double(b.classes) * (1 - rate) >= 5; };
  for (const auto& [value, counted] : by_value) {
    if (t.bins.empty() || full(t.bins.back())) t.bins.push_back({value, value, 0, 0});
    FeatureBin& b = t.bins.back();
    b.high = value, b.classes += counted.classes, b.second_mover_wins += counted.second_mover_wins;
  }
  if (t.bins.size() > 1 && !full(t.bins.back())) {
    const FeatureBin last = t.bins.back();
    t.bins.pop_back();
    t.bins.back().high = last.high, t.bins.back().classes += last.classes, t.bins.back().second_mover_wins += last.second_mover_wins;
  }
  chi_squared(t, classes, wins);
  return t;
}

}  // namespace

std::vector<FeatureTest> test_features(const FeatureSample& s) {
  std::vector<FeatureTest> tests;
  tests.push_back(test_one("same_colour_files", "files on which the two home-row towers have the same colour", s,
                           [](const StartFeatures& f) { return f.same_colour_files; }));
  const char* pairs[] = {"a/h", "b/g", "c/f", "d/e"};
  for (int k = 0; k < 4; ++k)
    tests.push_back(test_one(fmt::format("same_colour_on_{}", pairs[k]), fmt::format("of the files {}, those with the same colour facing", pairs[k]),
                             s, [k](const StartFeatures& f) { return f.same_colour_on[std::size_t(k)]; }));
  tests.push_back(test_one("first_own_squares", "the first mover's towers on a square of their own colour", s,
                           [](const StartFeatures& f) { return f.first_own_squares; }));
  tests.push_back(test_one("second_own_squares", "the second mover's towers on a square of their own colour", s,
                           [](const StartFeatures& f) { return f.second_own_squares; }));
  tests.push_back(test_one("quick_losses", "first moves (of 102) after which the second mover wins at once", s,
                           [](const StartFeatures& f) { return f.quick_losses; }));
  return tests;
}

}  // namespace kamisado::solver
