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

RetroCrossCheck cross_check(const RetroTable& table, const RetroCrossCheckOptions& options,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  auto start = std::chrono::steady_clock::now();
  const auto& entries = table.entries();
  // Most positions of a table are won at once, so a uniform sample would hardly test long
  // distances: the sample is spread evenly over the distances present (a distance with fewer
  // positions than its share gives them all), and what is left is drawn uniformly.
  std::map<int, std::vector<std::size_t>> by_distance;
  for (std::size_t i = 0; i < entries.size(); ++i) by_distance[entries[i].value().distance].push_back(i);
  std::vector<std::size_t> picked;
  std::mt19937_64 rng(options.seed);
  if (options.sample >= entries.size()) {
    for (std::size_t i = 0; i < entries.size(); ++i) picked.push_back(i);
  } else {
    const std::uint64_t share = options.sample / by_distance.size();
    for (auto& [distance, indices] : by_distance) {
      if (distance >= options.long_distance || indices.size() <= share) {
        picked.insert(picked.end(), indices.begin(), indices.end());
        continue;
      }
      std::shuffle(indices.begin(), indices.end(), rng);
      picked.insert(picked.end(), indices.begin(), indices.begin() + std::ptrdiff_t(share));
    }
    std::sort(picked.begin(), picked.end());
    std::uniform_int_distribution<std::size_t> any(0, entries.size() - 1);
    while (picked.size() < options.sample) {
      std::size_t i = any(rng);
      auto at = std::lower_bound(picked.begin(), picked.end(), i);
      if (at == picked.end() || *at != i) picked.insert(at, i);
    }
  }

  RetroCrossCheck out;
  SolveLimits limits;
  limits.hash_mb = options.hash_mb;
  // One table for the whole sample: the positions share a round, so what one search proves
  // helps the next.
  TranspositionTable tt(options.hash_mb);
  for (std::size_t i : picked) {
    RetroValue stored = entries[i].value();
    Position pos = table.frame().decode(entries[i].key());
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
