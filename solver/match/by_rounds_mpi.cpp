#include "solver/match/by_rounds_mpi.h"

#include <fmt/format.h>

#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/mpi_runner.h"

namespace kamisado::solver {

namespace {

using run::put;
using run::take;

std::string encode(const FarJob& far) {
  std::string out;
  put<std::int8_t>(out, far.winner ? std::int8_t(index(*far.winner)) : std::int8_t(-1));
  put<std::uint8_t>(out, far.over_budget);
  put(out, far.masters);
  put(out, far.nodes);
  put<std::uint32_t>(out, std::uint32_t(far.rounds.size()));
  for (const RoundCount& c : far.rounds) put(out, c);
  const std::string unchecked = encode_round_starts(far.unchecked);
  put<std::uint64_t>(out, unchecked.size());
  return out + unchecked + encode_round_starts(far.proved);  // checksummed (round_start_table.h)
}

FarJob decode(const std::string& in) {
  FarJob far;
  std::size_t at = 0;
  const auto winner = take<std::int8_t>(in, at);
  if (winner >= 0) far.winner = winner == 0 ? Side::Black : Side::Gold;
  far.over_budget = take<std::uint8_t>(in, at) != 0;
  far.masters = take<std::uint64_t>(in, at);
  far.nodes = take<std::uint64_t>(in, at);
  far.rounds.resize(take<std::uint32_t>(in, at));
  for (RoundCount& c : far.rounds) c = take<RoundCount>(in, at);
  const auto unchecked = take<std::uint64_t>(in, at);
  if (unchecked > in.size() - at) throw InputError("the starts sent by a rank are cut short");
  far.unchecked = decode_round_starts(in.substr(at, std::size_t(unchecked)), "the starts sent by a rank");
  far.proved = decode_round_starts(in.substr(at + std::size_t(unchecked)), "the starts sent by a rank");
  return far;
}

// Rank 0's far hands: a job of the run's threads sent to the next idle rank.
class RankHands final : public FarHands {
 public:
  explicit RankHands(run::Ranks& ranks) : ranks_(ranks) {}
  unsigned count() const override { return ranks_.count(); }
  FarJob prove(const Position& start, unsigned depth, std::uint64_t node_budget, const std::atomic<bool>& halt) override {
    std::string job;
    put<std::uint32_t>(job, depth), put(job, node_budget);
    const std::optional<std::string> answer = ranks_.run(job + to_kfen(start), halt);
    return answer ? decode(*answer) : FarJob{};  // never done: a stopped job
  }

 private:
  run::Ranks& ranks_;
};

}  // namespace

std::optional<ByRoundsResult> solve_by_rounds_mpi(const Position& root, RoundStartTable& table, const ByRoundsOptions& options) {
  std::optional<ByRoundsResult> result;
  const run::RankZero rank_zero = [&](run::Ranks& ranks, const std::atomic<bool>& stop) {
    RankHands hands(ranks);
    ByRoundsOptions o = options;
    o.far = &hands;
    o.stop = &stop;
    result = solve_by_rounds(root, table, o);
  };
  // A far rank's table: the checkpoint's starts, read at its first job (a damaged file fails the
  // job, and rank 0 has refused it already), and every start it proved since.
  RoundStartTable far_table, read_back;
  bool table_read = false;
  const run::JobHandler prove_job = [&](const std::string& job, const std::atomic<bool>& halt) {
    // With --recheck-starts the file's starts are rank 0's claims to check, not values to use.
    if (!table_read && !options.recheck && !options.table_path.empty() && round_start_table_exists(options.table_path)) {
      read_back = read_round_starts_and_shards(options.table_path);
      far_table.merge(read_back, options.table_path);
    }
    table_read = true;
    std::size_t at = 0;
    const auto depth = take<std::uint32_t>(job, at);
    const auto node_budget = take<std::uint64_t>(job, at);
    const Position start = parse_kfen(job.substr(at));
    ByRoundsOptions o = options;
    o.stop = &halt, o.progress = nullptr, o.seconds = 0;  // rank 0 keeps the time and halts the job
    return encode(prove_far_job(start, depth, node_budget, far_table, read_back, o));
  };
  run::run_on_ranks("solve --by-rounds", rank_zero, prove_job, options.stop);
  return result;
}

}  // namespace kamisado::solver
