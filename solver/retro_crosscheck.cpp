#include "solver/retro_crosscheck.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

#include "kamisado/kfen.h"
#include "solver/solve.h"
#include "solver/transposition_table.h"

namespace kamisado::solver {

RetroCrossCheck cross_check(const RetroTable& table, const RetroCrossCheckOptions& options,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  auto start = std::chrono::steady_clock::now();
  const auto& entries = table.entries();
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].value().distance >= options.long_distance) picked.push_back(i);
  if (options.sample >= entries.size()) {
    picked.resize(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) picked[i] = i;
  } else {
    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<std::size_t> any(0, entries.size() - 1);
    for (std::uint64_t k = 0; k < options.sample; ++k) picked.push_back(any(rng));
    std::sort(picked.begin(), picked.end());
    picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
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
      out.first_disagreement = to_kfen(pos) + ": the table says " + (stored.win ? "win" : "loss") + " in " +
                               std::to_string(stored.distance) + ", the search " +
                               (r.value == Value::Win ? "win" : r.value == Value::Loss ? "loss" : "unknown") +
                               (r.distance_known ? " in " + std::to_string(r.plies) : "");
    if (progress && (out.checked & 255) == 0) progress(out.checked, picked.size());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace kamisado::solver
