#include "solver/retro/retro_stats.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <xxhash.h>

#include <algorithm>

#include "src/kamisado/errors.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

namespace {

// One position's moves counted into `c`.
void count_position(const Position& pos, RetroEdgeCases& c) {
  MoveList moves;
  generate_moves(pos, moves);
  const Side mover = pos.side_to_move();
  for (Move m : moves) {
    if (m.kind() == MoveKind::Pass) {
      ++c.forced_passes;  // M5: a pass is the only move there is
      continue;
    }
    ++c.real_moves;
    if (m.kind() == MoveKind::Push) {
      const int rank = pos.rank_of_tower(mover, pos.tower_on(m.from())->colour);
      ++c.pushes[std::size_t(rank)][std::size_t(towers_pushed(pos, m))];
    }
    if (wins_at_once(m, mover)) continue;
    const Outcome o = round_outcome(pos, m);
    if (o.ending == Ending::Deadlock) {
      ++c.deadlocks[index(~o.winner)];
      continue;
    }
    if (o.over()) continue;
    const Position child = pos.after(m);
    const int passes = pass_chain_length(child, child.side_to_move(), child.designated());
    if (passes > 0) ++c.chains[passes];
  }
}

void add(RetroEdgeCases& into, const RetroEdgeCases& c) {
  into.positions += c.positions, into.wins += c.wins, into.real_moves += c.real_moves, into.forced_passes += c.forced_passes;
  for (const auto& [d, n] : c.by_distance) into.by_distance[d][0] += n[0], into.by_distance[d][1] += n[1];
  for (const auto& [k, n] : c.chains) into.chains[k] += n;
  for (int s = 0; s < 2; ++s) into.deadlocks[std::size_t(s)] += c.deadlocks[std::size_t(s)];
  for (std::size_t r = 0; r < into.pushes.size(); ++r)
    for (std::size_t n = 0; n < into.pushes[r].size(); ++n) into.pushes[r][n] += c.pushes[r][n];
  into.sample.insert(into.sample.end(), c.sample.begin(), c.sample.end());
}

}  // namespace

RetroEdgeCases count_edge_cases(const RetroLookup& table, int threads, std::uint64_t sample, std::uint64_t seed, const std::atomic<bool>* stop) {
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, std::size_t(std::max(1, threads)));
  // A position is sampled when its key's hash falls under this share of the 64-bit range.
  const double share = table.size() ? std::min(1.0, double(sample) / double(table.size())) : 0;
  const std::uint64_t under = share >= 1 ? ~std::uint64_t{0} : std::uint64_t(share * 18446744073709551616.0);
  RetroEdgeCases total;
  table.for_each_block(
      [&](std::span<const RetroEntry> block) {
        tbb::enumerable_thread_specific<RetroEdgeCases> counts;
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, block.size(), 256), [&](const tbb::blocked_range<std::size_t>& r) {
          RetroEdgeCases& c = counts.local();
          for (std::size_t i = r.begin(); i < r.end(); ++i) {
            if ((i & 0xFFF) == 0 && stop && stop->load()) throw Stopped("stopped while counting the table");
            const RetroEntry& e = block[i];
            const RetroValue v = e.value();
            ++c.positions, c.wins += v.win, ++c.by_distance[v.distance][v.win];
            const Position pos = table.frame().decode(e.key());
            count_position(pos, c);
            const RetroKey k = e.key();
            if (sample && XXH64(&k, sizeof k, seed) < under) c.sample.push_back(pos);
          }
        });
        for (const RetroEdgeCases& c : counts) add(total, c);
      },
      stop);
  // The sample in key order, whatever the threads did.
  std::sort(total.sample.begin(), total.sample.end(),
            [&](const Position& a, const Position& b) { return table.frame().key(a) < table.frame().key(b); });
  return total;
}

}  // namespace kamisado::solver
