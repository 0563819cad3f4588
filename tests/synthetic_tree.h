// A tree of jobs made from keys alone, the same on every run, for the job tree scheduler's tests
// (src/run/job_tree.h): run on real ranks (mpirun) and simulated ones (SimGrid's smpirun), the
// same source with the same work, they must prove the same starts at the same levels, each once.
//
// A start of level L < depth has 2 to 4 children drawn from a space of 8^L keys of level L + 1,
// so that masters share starts (a start met by two masters is proved once, the second waits or
// finds it proved). A leaf's value is its key's parity, a master's 1 unless a child's is 1 (the
// side to move wins when some move leaves the other side lost). A job costs (1 + key % 5) times
// `unit` seconds of the run's clock, MPI_Wtime: wall time on real ranks, simulated under SMPI.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <stdexcept>
#include <vector>

#include <mpi.h>

#include "src/run/job_tree.h"

namespace kamisado::test {

inline std::uint64_t tree_key(std::uint32_t level, std::uint64_t index) { return (std::uint64_t(level) << 56) | index; }

inline std::vector<std::uint64_t> tree_children(std::uint64_t key, std::uint32_t depth) {
  const auto level = std::uint32_t(key >> 56);
  if (level >= depth) return {};
  std::vector<std::uint64_t> children;
  std::uint64_t space = 1;
  for (std::uint32_t i = 0; i < level; ++i) space *= 8;
  std::uint64_t x = key * 0x9e3779b97f4a7c15ULL + 1;
  for (std::uint64_t n = 2 + key % 3; n > 0; --n) {
    x ^= x >> 29, x *= 0xbf58476d1ce4e5b9ULL, x ^= x >> 32;
    children.push_back(tree_key(level + 1, x % space));
  }
  return children;
}

// The tree's value, in one process.
inline std::uint8_t tree_value(std::uint64_t key, std::uint32_t depth, std::map<std::uint64_t, std::uint8_t>& memo) {
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const std::vector<std::uint64_t> children = tree_children(key, depth);
  std::uint8_t v = children.empty() ? std::uint8_t(key & 1) : 1;
  for (std::uint64_t c : children)
    if (tree_value(c, depth, memo)) v = 0;
  return memo[key] = v;
}

// A job's script: the batches it pauses with, in order, and the starts proved inside it.
// ScriptedWork::truth, when set, makes a job look up each batch's starts as it pauses with it
// (TreeEvent::look_up), as a master meeting them would, and fails the rank if a start found
// proved has another value than the truth's.
struct Script {
  std::vector<std::vector<run::TreeJob>> batches;
  std::vector<run::TreeValue> also;
};

// The work of a tree whose jobs follow scripts: a job costs (1 + key % 5) times `unit` seconds of
// the run's clock, then pauses with each batch of its script in turn (`unit` more after each),
// and ends with the value `value` gives it from the values its batches came back with.
class ScriptedWork final : public run::TreeWork {
 public:
  using Scripts = std::function<Script(const run::TreeJob&)>;
  using Value = std::function<std::uint8_t(const run::TreeKey&, const std::vector<std::vector<std::uint8_t>>&)>;
  ScriptedWork(Scripts scripts, Value value, double unit) : scripts_(std::move(scripts)), value_(std::move(value)), unit_(unit) {}
  unsigned slots() const override { return 1; }
  void start(std::uint64_t id, const run::TreeJob& job) override {
    Pending& p = pending_[id];
    p.key = job.key;
    p.script = scripts_(job);
    p.due = MPI_Wtime() + unit_ * double(1 + job.key.lo % 5);
  }
  void resume(std::uint64_t id, const std::vector<std::uint8_t>& values) override {
    Pending& p = pending_[id];
    p.values.push_back(values);
    p.due = MPI_Wtime() + unit_;
  }
  void looked_up(std::uint64_t, const run::TreeKey& key, std::uint8_t value) override {
    if (value != run::kNotProved && value != truth(key)) throw std::logic_error("a look-up answered a value the start does not have");
  }
  std::vector<run::TreeEvent> events() override {
    std::vector<run::TreeEvent> out;
    const double now = MPI_Wtime();
    for (auto it = pending_.begin(); it != pending_.end();) {
      Pending& p = it->second;
      if (p.due > now) {
        ++it;
        continue;
      }
      run::TreeEvent e;
      e.id = it->first;
      if (p.values.size() == p.script.batches.size()) {
        e.done = true;
        e.value = value_(p.key, p.values);
        e.also = p.script.also;
        it = pending_.erase(it);
      } else {
        if (truth) {  // looked up, then claimed
          run::TreeEvent& ask = out.emplace_back();
          ask.id = e.id;
          for (const run::TreeJob& start : p.script.batches[p.values.size()]) ask.look_up.push_back(start.key);
        }
        e.batch = p.script.batches[p.values.size()];
        p.due = 1e300;  // until resumed
        ++it;
      }
      out.push_back(std::move(e));
    }
    return out;
  }
  void idle(double seconds) override {
    double next = 1e300;
    for (const auto& [id, p] : pending_) next = std::min(next, p.due);
    const double wait = std::max(0.0, std::min(seconds, next - MPI_Wtime()));
    usleep(useconds_t(wait * 1e6) + 1);
  }
  bool block_when_idle() const override { return simulated_; }
  bool simulated_ = false;
  std::function<std::uint8_t(const run::TreeKey&)> truth;  // a start's value: the jobs look their batches up first

 private:
  struct Pending {
    run::TreeKey key;
    Script script;
    std::vector<std::vector<std::uint8_t>> values;  // of the batches so far
    double due = 0;
  };
  Scripts scripts_;
  Value value_;
  double unit_;
  std::map<std::uint64_t, Pending> pending_;
};

// The synthetic tree as scripts: a start's children are its one batch; a leaf's value is its key's
// parity, a master's 1 unless a child's is 1.
inline ScriptedWork synthetic_work(std::uint32_t depth, double unit) {
  return ScriptedWork(
      [depth](const run::TreeJob& job) {
        Script s;
        std::vector<run::TreeJob> children;
        for (std::uint64_t c : tree_children(job.key.lo, depth)) children.push_back({{0, c}, job.level + 1, {}});
        if (!children.empty()) s.batches.push_back(std::move(children));
        return s;
      },
      [](const run::TreeKey& key, const std::vector<std::vector<std::uint8_t>>& values) {
        if (values.empty()) return std::uint8_t(key.lo & 1);
        return std::uint8_t(std::none_of(values[0].begin(), values[0].end(), [](std::uint8_t v) { return v != 0; }));
      },
      unit);
}

}  // namespace kamisado::test
