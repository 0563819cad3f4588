#include "solver/match/match_sample.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <random>

#include <fmt/format.h>

#include "solver/search/solve.h"
#include "src/kamisado/kfen.h"
#include "src/run/worker_pool.h"

namespace kamisado::solver {

namespace {

constexpr std::uint32_t kStandard = 3;
constexpr std::array<std::array<std::uint32_t, 2>, 8> kScores{{{1, 0}, {0, 1}, {2, 0}, {0, 2}, {1, 1}, {2, 1}, {1, 2}, {2, 2}}};

// A round start at `points`: home rows in random order, each side's Sumos (one per point) on
// random colours, the last round's loser to move.
Position round_start(std::array<std::uint32_t, 2> points, std::mt19937_64& rng) {
  Position p = Position::empty_board();
  for (Side s : {Side::Black, Side::Gold}) {
    std::array<int, 8> files{0, 1, 2, 3, 4, 5, 6, 7}, colours{0, 1, 2, 3, 4, 5, 6, 7};
    std::shuffle(files.begin(), files.end(), rng);
    std::shuffle(colours.begin(), colours.end(), rng);
    for (int c = 0; c < kColours; ++c) {
      const bool sumo = std::find(colours.begin(), colours.begin() + points[index(s)], c) != colours.begin() + points[index(s)];
      p.place(s, Colour(c), make_square(files[c], home_rank(s)), sumo ? 1 : 0);
    }
  }
  // The last round's loser: the side with no points has lost every round; otherwise either
  // side may have lost the last one.
  const Side first = points[0] == 0 ? Side::Black : points[1] == 0 ? Side::Gold : rng() % 2 ? Side::Black : Side::Gold;
  p.set_turn(first, Turn::FreeChoice);
  p.set_match({kStandard, points});
  p.finish();
  return p;
}

}  // namespace

std::vector<ScoreSample> sample_scores(const ScoreSampleOptions& options, const io::Lines& lines) {
  std::vector<ScoreSample> out(kScores.size());
  std::vector<char> whole(kScores.size(), false);  // not vector<bool>: its bits share words across threads
  io::Progress progress(lines);
  std::mutex progress_mutex;
  const auto stopped = [&] { return options.stop && options.stop->load(); };
  // Each score draws from its own seeded generator into its own table, so the scores can be
  // sampled at once and each comes out as it would alone.
  run::for_each_item(kScores.size(), std::max(1u, options.threads), [&](std::size_t k, unsigned) {
    auto t0 = std::chrono::steady_clock::now();
    ScoreSample& s = out[k];
    s.points = kScores[k];
    std::mt19937_64 rng(options.seed * 1000003 + k);
    TranspositionTable table(options.hash_mb);
    for (int i = 0; i < options.starts_per_score && !stopped(); ++i) {
      const Position start = round_start(s.points, rng);
      SolveLimits round_limits, match_limits;
      round_limits.nodes = options.round_nodes;
      match_limits.nodes = options.match_nodes;
      round_limits.stop = match_limits.stop = options.stop;
      SolveResult round = solve(start, round_limits, table, false, Aim::round());
      SolveResult match = solve(start, match_limits, table, false, Aim::match());
      ++s.starts;
      s.nodes += round.nodes + match.nodes;
      s.round_open += round.value == Value::Unknown;
      s.first_mover_wins_round += round.value == Value::Win;
      {
        std::lock_guard lock(progress_mutex);
        progress.tick(
            [&] { return fmt::format("match-report: score {}-{}, {} of {} starts", s.points[0], s.points[1], i + 1, options.starts_per_score); });
      }
      if (match.value == Value::Unknown) {
        ++s.match_open;
        continue;
      }
      ++s.match_known;
      s.first_mover_wins_match += match.value == Value::Win;
      if (round.value != Value::Unknown && round.value != match.value) {
        ++s.match_differs;
        if (s.differing.size() < 5) s.differing.push_back(to_kfen(start));
      }
    }
    s.seconds = io::seconds_since(t0);
    whole[k] = !stopped();  // a score cut short is not reported
    return !stopped();
  });
  std::vector<ScoreSample> reported;
  for (std::size_t k = 0; k < out.size() && whole[k]; ++k) reported.push_back(out[k]);
  return reported;
}

}  // namespace kamisado::solver
