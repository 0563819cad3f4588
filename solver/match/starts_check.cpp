#include "solver/match/starts_check.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <random>

#include <fmt/format.h>

#include "solver/match/layer_list.h"
#include "solver/search/transposition_table.h"
#include "solver/starts/round_start.h"
#include "src/io/files.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/worker_pool.h"

namespace kamisado::solver {

std::size_t StartsCheck::agreeing() const {
  return std::size_t(std::count_if(starts.begin(), starts.end(), [](const StartChecked& s) { return s.agrees(); }));
}

std::size_t StartsCheck::undecided() const {
  return std::size_t(std::count_if(starts.begin(), starts.end(), [](const StartChecked& s) { return s.search == Value::Unknown; }));
}

std::size_t StartsCheck::disagreeing() const { return starts.size() - agreeing() - undecided(); }

StartsCheck check_starts(const RoundStartTable& table, const StartsCheckOptions& o, const io::Lines& lines) {
  StartsCheck c;
  c.options = o;
  // Each eligible start decoded once, with the table's word on it.
  std::vector<std::pair<RoundStart, bool>> drawn;
  for (const auto& [key, value] : table.entries()) {
    const RoundStart s = round_start_of_key(key);
    if (s.match.target == 0) continue;  // a census start: a single round, not a match
    if (o.score && !(s.match.points == *o.score || s.match.points == std::array{(*o.score)[1], (*o.score)[0]})) continue;
    drawn.emplace_back(s, value.first_mover_wins);
  }
  c.eligible = drawn.size();
  // The sample is the first `sample` of the starts in a seeded order: the same seed, the same starts.
  std::shuffle(drawn.begin(), drawn.end(), std::mt19937_64(o.seed));
  drawn.resize(std::min(drawn.size(), o.sample));
  io::Progress progress(lines);
  std::mutex progress_mutex;
  std::size_t done = 0;
  c.starts.resize(drawn.size());
  const auto stopped = [&] {
    if (o.stop && o.stop->load()) throw Stopped("stopped: the starts checked so far agree only as far as they went");
  };
  run::for_each_item(drawn.size(), std::max(1u, o.threads), [&](std::size_t i, unsigned) {
    stopped();
    const auto& [start, first_mover_wins] = drawn[i];
    const Position pos = round_start_position(start);
    SolveLimits limits;
    limits.hash_mb = o.hash_mb;
    limits.seconds = o.seconds;
    limits.nodes = o.nodes;
    limits.stop = o.stop;
    TranspositionTable tt(o.hash_mb);
    const SolveResult r = solve(pos, limits, tt, false, Aim::match());
    stopped();
    c.starts[i] = {to_kfen(pos), first_mover_wins, r.value, r.nodes, r.seconds};
    std::lock_guard lock(progress_mutex);
    progress.count("starts check:", ++done, drawn.size(), "starts");
    return true;
  });
  return c;
}

RoundStartTable listed_starts(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / kLayerList).string();
  RoundStartTable table;
  for (const ListedLayer& layer : decode_layer_list(io::read_file(path, "list of layers"), path).layers) {
    RoundStartValue v;
    v.first_mover_wins = layer.first_mover_wins;
    table.add(layer.key, v, path);
  }
  return table;
}

}  // namespace kamisado::solver
