#include "solver/census/census_mpi.h"

#include <fmt/format.h>

#include "src/kamisado/errors.h"
#include "src/run/mpi_runner.h"

namespace kamisado::solver {

namespace {

// A job is {the run's id, the slice}; its answer {1, starts, nodes} when the shard was written,
// {0, 0, 0} when it was stopped (run::put, run::take).
struct SliceJob {
  std::uint64_t run = 0, slice = 0;
};
struct SliceAnswer {
  std::uint64_t written = 0, starts = 0, nodes = 0;
};

template <class T>
std::string bytes_of(const T& v) {
  std::string out;
  run::put(out, v);
  return out;
}
// A whole message of one such struct: cut short or longer is refused.
template <class T>
T from_bytes(const std::string& bytes, const char* what) {
  if (bytes.size() != sizeof(T)) throw InputError(fmt::format("the census across MPI ranks: {} of {} bytes, not {}", what, bytes.size(), sizeof(T)));
  std::size_t at = 0;
  return run::take<T>(bytes, at);
}

}  // namespace

CensusRunStats run_census_mpi(const std::string& dir, const CensusRunOptions& o, const io::Lines& lines) {
  CensusRunStats s;
  s.workers = 0;  // a rank other than 0 reports nothing
  // Rank 0 opens the run and takes its lock for all the ranks; a refusal ends every rank.
  const run::RankZero rank_zero = [&](run::Ranks& ranks, const std::atomic<bool>& stop) {
    const Census c = open_census(dir, lines);
    const io::RunLock lock = lock_census_run(c);
    FarSlices far{ranks.count(), [&](std::uint32_t k) -> std::optional<SliceDone> {
                    const std::optional<std::string> answer = ranks.run(bytes_of(SliceJob{c.run, k}), stop);
                    if (!answer) return std::nullopt;
                    const auto a = from_bytes<SliceAnswer>(*answer, "a slice's answer");
                    if (!a.written) return std::nullopt;
                    return SliceDone{a.starts, a.nodes};
                  }};
    s = prove_missing_slices(c, 1, &stop, &far, lines);
  };
  // Every other rank reads the manifest at its first slice; all must see rank 0's run (one
  // shared folder).
  std::optional<Census> mine;
  std::optional<TranspositionTable> table;  // the rank's, for each of its slices (prove_slice)
  const run::JobHandler prove_slice = [&](const std::string& job, const std::atomic<bool>& halt) {
    const auto j = from_bytes<SliceJob>(job, "a slice job");
    if (!mine) mine = open_census(dir);
    if (mine->run != j.run) throw InputError(fmt::format("{} holds another census run than rank 0's", dir));
    if (!table) table.emplace(mine->plan.hash_mb);
    const std::optional<SliceDone> d = prove_and_write_shard(*mine, std::uint32_t(j.slice), *table, &halt);
    return bytes_of(d ? SliceAnswer{1, d->starts, d->nodes} : SliceAnswer{});
  };
  run::run_on_ranks("census run", rank_zero, prove_slice, o.stop);
  return s;
}

}  // namespace kamisado::solver
