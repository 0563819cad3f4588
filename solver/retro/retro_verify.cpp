#include "solver/retro/retro_verify.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <mutex>

#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

std::string describe(RetroValue v) { return std::string(v.win ? "win" : "loss") + " in " + std::to_string(v.distance); }

// What is wrong with entry i, or "" if nothing.
std::string check_entry(const RetroTable& table, std::size_t i) {
  const RetroEntry& e = table.entries()[i];
  Position pos = Position::initial();
  try {
    pos = table.frame().decode(e.key());
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  if (table.frame().canonical_key(pos) != e.key()) return to_kfen(pos) + ": the key is not in canonical orientation";
  std::optional<RetroValue> derived = value_from_children(table, pos);
  if (!derived) return to_kfen(pos) + ": a move leads to a position missing from the table";
  if (*derived != e.value()) return to_kfen(pos) + ": stored " + describe(e.value()) + ", but its moves give " + describe(*derived);
  return "";
}

}  // namespace

RetroVerifyResult verify_retro_table(const RetroTable& table, int threads, const std::function<void(std::uint64_t)>& progress) {
  const std::size_t n = table.size();
  std::atomic<std::uint64_t> checked{0}, failures{0};
  std::mutex lock;
  std::size_t first_index = n;
  std::string first_failure;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, std::size_t(std::max(1, threads)));
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 14), [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      std::string failure = check_entry(table, i);
      if (failure.empty()) continue;
      failures.fetch_add(1);
      std::lock_guard<std::mutex> guard(lock);
      if (i < first_index) {
        first_index = i;
        first_failure = "entry " + std::to_string(i) + ": " + failure;
      }
    }
    std::uint64_t done = checked.fetch_add(range.size()) + range.size();
    if (progress) {
      std::lock_guard<std::mutex> guard(lock);
      progress(done);
    }
  });
  return {checked.load(), failures.load(), first_failure};
}

}  // namespace kamisado::solver
