#include "solver/retro/retro_verify.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <mutex>

#include "solver/retro/retro_layers.h"
#include "solver/retro/retro_work.h"
#include "src/io/run_lock.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

void check_stop(const std::atomic<bool>* stop) {
  if (stop && stop->load()) throw Stopped("stopped before every value was checked");
}

std::string describe(RetroValue v) { return std::string(v.win ? "win" : "loss") + " in " + std::to_string(v.distance); }

// The entry's position, or what is wrong with its key ("" then: a position).
std::string decode_entry(const RoundFrame& frame, const RetroEntry& e, Position& pos) {
  try {
    pos = frame.decode(e.key());
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  if (frame.canonical_key(pos) != e.key()) return to_kfen(pos) + ": the key is not in canonical orientation";
  return "";
}

// What is wrong with the stored value of the entry's position, or "".
std::string check_value(const RetroValues& values, const Position& pos, const RetroEntry& e) {
  std::optional<RetroValue> derived = value_from_children(values, pos);
  if (!derived) return to_kfen(pos) + ": a move leads to a position missing from the table";
  if (*derived != e.value()) return to_kfen(pos) + ": stored " + describe(e.value()) + ", but its moves give " + describe(*derived);
  return "";
}

// The failures met on any thread: how many, and the first by an order of the caller's.
template <class Order>
class Failures {
 public:
  void add(Order at, std::string what) {
    count_.fetch_add(1);
    std::lock_guard<std::mutex> guard(lock_);
    if (first_.empty() || at < first_at_) first_at_ = at, first_ = std::move(what);
  }
  RetroVerifyResult result(std::uint64_t checked) const { return {checked, count_.load(), first_}; }

 private:
  std::atomic<std::uint64_t> count_{0};
  std::mutex lock_;
  Order first_at_{};
  std::string first_;
};

// The layers of a table split by potential, read back from the work folder when a move first
// reaches one: what value_from_children asks while the layers are checked.
class HeldLayers final : public RetroValues {
 public:
  HeldLayers(const RoundFrame& frame, const RetroWorkFolder& work) : frame_(frame), work_(work) {}

  const RoundFrame& frame() const override { return frame_; }
  std::optional<RetroValue> value_of(RetroKey canonical) const override { return value_of_child(frame_.decode(canonical), canonical); }
  std::optional<RetroValue> value_of_child(const Position& child, RetroKey canonical) const override {
    const int level = advancement_potential(child);
    int seen = highest_.load(std::memory_order_relaxed);
    while (level > seen && !highest_.compare_exchange_weak(seen, level, std::memory_order_relaxed)) {
    }
    const std::vector<RetroEntry>& layer = hold(level);
    const RetroEntry want{canonical};
    const auto it = std::lower_bound(layer.begin(), layer.end(), want, [](const RetroEntry& a, const RetroEntry& b) { return a.key() < b.key(); });
    if (it == layer.end() || it->key() != canonical) return std::nullopt;
    return it->value();
  }

  // The layer of potential `level` (empty if the table has none), read back if it is not held.
  const std::vector<RetroEntry>& hold(int level) const {
    if (!held_[std::size_t(level)].load(std::memory_order_acquire)) {
      std::lock_guard<std::mutex> guard(lock_);
      if (!held_[std::size_t(level)].load(std::memory_order_relaxed)) {
        if (work_.state().layers.count(level)) layers_[std::size_t(level)] = work_.get(level);
        held_[std::size_t(level)].store(true, std::memory_order_release);
      }
    }
    return layers_[std::size_t(level)];
  }
  // Lets go of every layer outside [low, high], between two layers' checks; the highest layer
  // asked for from then on is counted from `low`.
  void keep_only(int low, int high) {
    for (int l = 0; l <= kMostPotential; ++l)
      if ((l < low || l > high) && held_[std::size_t(l)].load()) {
        std::vector<RetroEntry>().swap(layers_[std::size_t(l)]);
        held_[std::size_t(l)].store(false);
      }
    highest_.store(low);
  }
  int highest_asked() const { return highest_.load(); }

 private:
  const RoundFrame& frame_;
  const RetroWorkFolder& work_;
  mutable std::vector<std::vector<RetroEntry>> layers_ = std::vector<std::vector<RetroEntry>>(kMostPotential + 1);
  mutable std::vector<std::atomic<bool>> held_ = std::vector<std::atomic<bool>>(kMostPotential + 1);
  mutable std::mutex lock_;
  mutable std::atomic<int> highest_{0};
};

// The table's entries into the work folder's layers, by potential, a million at a time; an entry
// that is no canonical position is a failure and goes nowhere.
std::uint64_t split_into_layers(const RetroLookup& table, RetroWorkFolder& work, Failures<RetroKey>& failures,
                                const std::function<void(const char*, std::uint64_t)>& progress, const std::atomic<bool>* stop) {
  const RoundFrame& frame = table.frame();
  std::vector<std::vector<RetroEntry>> pending(kMostPotential + 1);
  std::vector<RetroEntry> batch;
  std::uint64_t read = 0;
  constexpr std::size_t kBatch = std::size_t(1) << 20, kPiece = 4096;
  auto split = [&] {
    std::vector<int> level(batch.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size()), [&](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) {
        Position pos = Position::initial();
        std::string wrong = decode_entry(frame, batch[i], pos);
        if (!wrong.empty()) {
          failures.add(batch[i].key(), wrong);
          level[i] = -1;
        } else {
          level[i] = advancement_potential(pos);
        }
      }
    });
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (level[i] < 0) continue;
      std::vector<RetroEntry>& p = pending[std::size_t(level[i])];
      p.push_back(batch[i]);
      if (p.size() == kPiece) work.append(level[i], p), p.clear();
    }
    read += batch.size();
    batch.clear();
    if (progress) progress("splitting", read);
  };
  table.for_each_block(
      [&](std::span<const RetroEntry> block) {
        batch.insert(batch.end(), block.begin(), block.end());
        if (batch.size() >= kBatch) split();
      },
      stop);
  split();
  for (int l = 0; l <= kMostPotential; ++l)
    if (!pending[std::size_t(l)].empty()) work.append(l, pending[std::size_t(l)]);
  return read;
}

}  // namespace

RetroVerifyResult verify_retro_table(const RetroTable& table, int threads, const std::function<void(std::uint64_t)>& progress,
                                     const std::atomic<bool>* stop) {
  const std::size_t n = table.size();
  std::atomic<std::uint64_t> checked{0};
  std::mutex lock;
  Failures<std::size_t> failures;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, std::size_t(std::max(1, threads)));
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 14), [&](const tbb::blocked_range<std::size_t>& range) {
    check_stop(stop);
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      const RetroEntry& e = table.entries()[i];
      Position pos = Position::initial();
      std::string failure = decode_entry(table.frame(), e, pos);
      if (failure.empty()) failure = check_value(table, pos, e);
      if (!failure.empty()) failures.add(i, "entry " + std::to_string(i) + ": " + failure);
    }
    std::uint64_t done = checked.fetch_add(range.size()) + range.size();
    if (progress) {
      std::lock_guard<std::mutex> guard(lock);
      progress(done);
    }
  });
  return failures.result(checked.load());
}

RetroVerifyResult verify_retro_in_layers(const RetroLookup& table, int threads, const std::string& work_dir,
                                         const std::function<void(const char*, std::uint64_t)>& progress, const std::atomic<bool>* stop) {
  const io::RunLock run = io::RunLock::on_file(work_dir, "retro verify");
  RetroWorkFolder(work_dir, table.root_kfen()).remove();  // what a killed check left: it starts again
  RetroWorkFolder work(work_dir, table.root_kfen());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, std::size_t(std::max(1, threads)));
  Failures<RetroKey> failures;
  try {
    const std::uint64_t read = split_into_layers(table, work, failures, progress, stop);
    HeldLayers held(table.frame(), work);
    const auto& layers = work.state().layers;
    int window = 0;  // the most a move has raised the potential so far
    std::uint64_t checked = 0;
    for (auto it = layers.rbegin(); it != layers.rend(); ++it) {
      const int level = it->first;
      held.keep_only(level, level + window);
      const std::vector<RetroEntry>& layer = held.hold(level);
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, layer.size()), [&](const tbb::blocked_range<std::size_t>& r) {
        check_stop(stop);
        for (std::size_t i = r.begin(); i != r.end(); ++i) {
          const Position pos = table.frame().decode(layer[i].key());  // decoded once already, when split
          std::string wrong = check_value(held, pos, layer[i]);
          if (!wrong.empty()) failures.add(layer[i].key(), wrong);
        }
      });
      window = std::max(window, held.highest_asked() - level);
      checked += layer.size();
      if (progress) progress("checking", checked);
    }
    work.remove();
    return failures.result(read);
  } catch (...) {
    work.remove();
    throw;
  }
}

RetroVerifyResult verify_retro(const RetroLookup& table, int threads, const std::string& work_dir,
                               const std::function<void(const char*, std::uint64_t)>& progress, const std::atomic<bool>* stop) {
  if (const auto* whole = dynamic_cast<const RetroTable*>(&table))
    return verify_retro_table(
        *whole, threads,
        [&](std::uint64_t done) {
          if (progress) progress("checking", done);
        },
        stop);
  return verify_retro_in_layers(table, threads, work_dir, progress, stop);
}

}  // namespace kamisado::solver
