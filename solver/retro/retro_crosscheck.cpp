#include "solver/retro/retro_crosscheck.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <vector>

#include "solver/search/solve.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

RetroCrossCheck cross_check(const RetroLookup& table, const RetroCrossCheckOptions& options,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  auto start = std::chrono::steady_clock::now();
  // Most positions of a table are won at once, so a uniform sample would hardly test long
  // distances: the sample is spread evenly over the distances present (a distance with fewer
  // positions than its share gives them all), and what is left is drawn uniformly. The table is
  // read twice, a block at a time (a table on disk is never loaded): once to count each
  // distance, once to draw each distance's share and the uniform rest by reservoir sampling.
  std::map<int, std::uint64_t> count;
  table.for_each_block([&](std::span<const RetroEntry> block) {
    for (const RetroEntry& e : block) ++count[e.value().distance];
  });
  const std::uint64_t share = count.empty() ? 0 : options.sample / count.size();
  const bool all = options.sample >= table.size();
  struct Reservoir {
    std::uint64_t quota = 0, seen = 0;
    std::vector<RetroEntry> kept;
  };
  std::map<int, Reservoir> by_distance;
  for (const auto& [distance, n] : count) by_distance[distance].quota = all || distance >= options.long_distance || n <= share ? n : share;
  Reservoir uniform{options.sample, 0, {}};
  std::mt19937_64 rng(options.seed);
  const auto keep = [&](Reservoir& r, const RetroEntry& e) {
    if (r.kept.size() < r.quota) {
      r.kept.push_back(e);
    } else if (r.quota > 0) {
      const std::uint64_t j = std::uniform_int_distribution<std::uint64_t>(0, r.seen)(rng);
      if (j < r.quota) r.kept[std::size_t(j)] = e;
    }
    ++r.seen;
  };
  table.for_each_block([&](std::span<const RetroEntry> block) {
    for (const RetroEntry& e : block) {
      keep(by_distance[e.value().distance], e);
      if (!all) keep(uniform, e);
    }
  });
  const auto key_less = [](const RetroEntry& a, const RetroEntry& b) { return a.key() < b.key(); };
  std::vector<RetroEntry> picked;
  for (auto& [distance, r] : by_distance) picked.insert(picked.end(), r.kept.begin(), r.kept.end());
  std::sort(picked.begin(), picked.end(), key_less);
  std::shuffle(uniform.kept.begin(), uniform.kept.end(), rng);
  for (const RetroEntry& e : uniform.kept) {
    if (picked.size() >= options.sample) break;
    auto at = std::lower_bound(picked.begin(), picked.end(), e, key_less);
    if (at == picked.end() || at->key() != e.key()) picked.insert(at, e);
  }

  RetroCrossCheck out;
  SolveLimits limits;
  limits.hash_mb = options.hash_mb;
  // One table for the whole sample: the positions share a round, so what one search proves
  // helps the next.
  TranspositionTable tt(options.hash_mb);
  for (const RetroEntry& e : picked) {
    RetroValue stored = e.value();
    Position pos = table.frame().decode(e.key());
    SolveResult r = solve(pos, limits, tt, true);
    bool agrees = r.distance_known && (r.value == Value::Win) == stored.win && int(r.plies) == stored.distance;
    ++out.checked;
    if (stored.distance >= options.long_distance) ++out.long_ones;
    out.longest = std::max(out.longest, stored.distance);
    if (!agrees && out.disagreements++ == 0)
      out.first_disagreement = to_kfen(pos) + ": the table says " + (stored.win ? "win" : "loss") + " in " + std::to_string(stored.distance) +
                               ", the search " +
                               (r.value == Value::Win    ? "win"
                                : r.value == Value::Loss ? "loss"
                                                         : "unknown") +
                               (r.distance_known ? " in " + std::to_string(r.plies) : "");
    if (progress && (out.checked & 255) == 0) progress(out.checked, picked.size());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace kamisado::solver
