#include "solver/retro/retro_layers.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "solver/retro/retro_file.h"
#include "solver/retro/retro_work.h"
#include "src/io/files.h"
#include "src/io/run_lock.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

int advancement_potential(const Position& pos) {
  static constexpr int kWeight[5] = {1, 4, 16, 64, 256};
  int p = 0;
  for (Side s : {Side::Black, Side::Gold})
    for (int c = 0; c < kColours; ++c) {
      const int rank = rank_of(pos.square_of(s, Colour(c)));
      p += kWeight[pos.rank_of_tower(s, Colour(c))] * (s == Side::Black ? rank : 7 - rank);
    }
  return p;
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count(); }

// Entries by key alone (the result's bits apart), a type of its own so that the sorts inline it.
struct KeyLess {
  bool operator()(const RetroEntry& a, const RetroEntry& b) const {
    return a.bits.lo != b.bits.lo ? a.bits.lo < b.bits.lo : (a.bits.hi & kKeyHiMask) < (b.bits.hi & kKeyHiMask);
  }
};
constexpr KeyLess key_less;

template <class T>
std::size_t bytes_of(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

// Sorts and removes repeats (keys only: nothing is solved while enumerating), on the threads the
// build's arena allows.
void sort_unique(std::vector<RetroEntry>& v) {
  tbb::parallel_sort(v.begin(), v.end(), key_less);
  v.erase(std::unique(v.begin(), v.end(), [](const RetroEntry& a, const RetroEntry& b) { return a.key() == b.key(); }), v.end());
}

class LayerBuilder {
 public:
  LayerBuilder(const Position& root, const RetroBuildLimits& limits, RetroWorkFolder* work = nullptr)
      : work_(work),
        root_(root),
        limits_(limits),
        cap_(limits.max_positions),
        frame_(RoundFrame::of(root)),
        threads_(tbb::global_control::max_allowed_parallelism, std::size_t(std::max(1, limits.threads))),
        layers_(kMostPotential + 1),
        pending_(kMostPotential + 1) {}

  void enumerate() {
    if (work_ && work_->state().enumerated) {  // a build killed while solving: its layers are on disk
      stats_ = work_->state().stats;
      positions_ = stats_.positions;
      window_ = work_->state().window;
      top_ = work_->state().layers.empty() ? 0 : work_->state().layers.rbegin()->first;
      return;
    }
    const auto start = std::chrono::steady_clock::now();
    const int root_level = advancement_potential(root_);
    top_ = root_level;
    pending_[std::size_t(root_level)].push_back({frame_.canonical_key(root_)});
    for (int level = root_level; level <= top_; ++level) {
      if (pending_[std::size_t(level)].empty()) continue;  // no move reaches this potential
      std::vector<RetroEntry>& layer = layers_[std::size_t(level)];
      std::vector<RetroEntry> fresh = std::move(pending_[std::size_t(level)]);
      pending_[std::size_t(level)] = {};
      // A pass leads into the same layer: its children are expanded in turn, until a round adds
      // nothing new (at most a chain's length, 16).
      while (!fresh.empty()) {
        sort_unique(fresh);
        std::vector<RetroEntry> added;
        if (layer.empty())
          added.swap(fresh);
        else
          std::set_difference(fresh.begin(), fresh.end(), layer.begin(), layer.end(), std::back_inserter(added), key_less);
        if (added.empty()) break;
        positions_ += added.size();
        if (positions_ > cap_) throw RetroCapExceeded("more than " + std::to_string(cap_) + " positions are reachable (the cap)");
        fresh = expand(added, level);
        if (layer.empty()) {
          layer.swap(added);
        } else {  // the positions a pass led to, beside those found before them
          std::vector<RetroEntry> merged;
          merged.reserve(layer.size() + added.size());
          std::merge(layer.begin(), layer.end(), added.begin(), added.end(), std::back_inserter(merged), key_less);
          layer.swap(merged);
        }
      }
      layer.shrink_to_fit();
      note_bytes();
      if (work_ && !layer.empty()) {  // no move leads back into it: it waits on disk for the solve
        work_->put(level, layer);
        std::vector<RetroEntry>().swap(layer);
      }
      report("enumerating", positions_, 0);
    }
    stats_.positions = positions_;
    stats_.enumerate_seconds = seconds_since(start);
    if (work_) {
      RetroWorkFolder::State& s = work_->state();
      s.enumerated = true, s.window = window_, s.solved_from = top_ + 1, s.stats = stats_;
      work_->save();
    }
  }

  void solve() {
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t solved = 0;
    const int first = work_ ? std::min(top_, work_->state().solved_from - 1) : top_;
    if (work_)
      for (const auto& [level, layer] : work_->state().layers)
        if (level > first) solved += layer.count;
    for (int level = first; level >= 0; --level) {
      if (work_) {
        if (!work_->state().layers.count(level)) continue;
        load_window(level);
      }
      std::vector<RetroEntry>& layer = layers_[std::size_t(level)];
      if (layer.empty()) continue;
      // Positions with real moves first, in parallel (their children lie above); those that pass,
      // whose child lies in this layer, after, a link of their chains at a time.
      tbb::enumerable_thread_specific<std::vector<std::size_t>> passing;
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, layer.size()), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i < r.end(); ++i) {
          if ((i & 0xFFF) == 0) check_stop();
          if (!solve_one(layer[i], level)) passing.local().push_back(i);
        }
      });
      std::vector<std::size_t> left;
      for (auto& p : passing) left.insert(left.end(), p.begin(), p.end());
      for (int link = 0; !left.empty(); ++link) {
        if (link > 16) throw std::logic_error("a chain of passes longer than 16 links at potential " + std::to_string(level));
        std::vector<std::size_t> still;
        for (std::size_t i : left)
          if (!solve_one(layer[i], level)) still.push_back(i);
        left.swap(still);
      }
      solved += layer.size();
      if (work_) {
        work_->put(level, layer);
        work_->state().solved_from = level;
        work_->state().stats.solve_seconds = stats_.solve_seconds + seconds_since(start);
        work_->save();
      }
      report("solving", solved, positions_);
    }
    stats_.solve_seconds += seconds_since(start);
  }

  // The table file, merged from the solved layers on disk a block at a time.
  RetroFileInfo write(const std::string& path, RetroBuildStats* stats_out) {
    const auto start = std::chrono::steady_clock::now();
    for (auto& layer : layers_) std::vector<RetroEntry>().swap(layer);
    report("writing", positions_, positions_);
    // A cursor a layer: its file read 4 096 entries at a time, its digest checked at its end.
    struct Cursor {
      std::ifstream in;
      std::uint64_t left = 0, digest = 0;
      int level = 0;
      std::vector<RetroEntry> buffer;
      std::size_t at = 0;
      std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> sum{XXH64_createState(), XXH64_freeState};
      bool next() {  // false at the layer's end
        if (++at < buffer.size()) return true;
        const std::size_t n = std::size_t(std::min<std::uint64_t>(left, 4096));
        if (n == 0) {
          if (XXH64_digest(sum.get()) != digest)
            throw InputError("the layer of potential " + std::to_string(level) + " is damaged on disk; build again");
          return false;
        }
        buffer.resize(n);
        in.read(reinterpret_cast<char*>(buffer.data()), std::streamsize(n * sizeof(RetroEntry)));
        if (std::size_t(in.gcount()) != n * sizeof(RetroEntry))
          throw InputError("the layer of potential " + std::to_string(level) + " is cut short on disk; build again");
        XXH64_update(sum.get(), buffer.data(), n * sizeof(RetroEntry));
        left -= n, at = 0;
        return true;
      }
    };
    std::vector<Cursor> cursors(work_->state().layers.size());
    std::vector<std::size_t> heap;
    std::size_t i = 0;
    for (const auto& [level, layer] : work_->state().layers) {
      Cursor& c = cursors[i];
      c.in = work_->open(level), c.left = layer.count, c.digest = layer.digest, c.level = level;
      XXH64_reset(c.sum.get(), 0);
      c.at = std::size_t(-1);  // next() reads the first chunk
      if (c.next()) heap.push_back(i);
      ++i;
    }
    // A heap of the cursors, the least key on top.
    auto after = [&](std::size_t a, std::size_t b) { return key_less(cursors[b].buffer[cursors[b].at], cursors[a].buffer[cursors[a].at]); };
    std::make_heap(heap.begin(), heap.end(), after);
    RetroFileInfo info;
    io::write_file_atomically(path, [&](std::ostream& out) {
      RetroFileWriter writer(out, to_kfen(root_), root_);
      for (std::uint64_t written = 0; !heap.empty(); ++written) {
        if ((written & 0xFFFFF) == 0) report("writing", written, positions_);
        std::pop_heap(heap.begin(), heap.end(), after);
        Cursor& c = cursors[heap.back()];
        writer.add(c.buffer[c.at]);
        if (c.next())
          std::push_heap(heap.begin(), heap.end(), after);
        else
          heap.pop_back();
      }
      check_stop();  // heard since the last report: nothing is written
      info = writer.finish();
    });
    stats_.sort_seconds = seconds_since(start);
    if (stats_out) *stats_out = stats_;
    return info;
  }

  RetroTable table(RetroBuildStats* stats_out) {
    const auto start = std::chrono::steady_clock::now();
    report("sorting", positions_, positions_);
    std::vector<RetroEntry> entries;
    entries.reserve(positions_);
    for (auto& layer : layers_) {
      entries.insert(entries.end(), layer.begin(), layer.end());
      std::vector<RetroEntry>().swap(layer);
    }
    stats_.peak_bytes = std::max<std::uint64_t>(stats_.peak_bytes, bytes_of(entries));
    tbb::parallel_sort(entries.begin(), entries.end(), key_less);
    stats_.sort_seconds = seconds_since(start);
    check_stop();  // the sort cannot be cut short: a stop raised during it is heard now
    if (stats_out) *stats_out = stats_;
    return RetroTable(to_kfen(root_), root_, std::move(entries));
  }

 private:
  // The layer of `level` and every layer a move from it reaches (up to the window above), read
  // back from disk where they are not in memory; layers above the window are let go (on disk,
  // solved).
  void load_window(int level) {
    for (int l = level + window_ + 1; l <= top_; ++l) std::vector<RetroEntry>().swap(layers_[std::size_t(l)]);
    for (int l = level; l <= std::min(top_, level + window_); ++l)
      if (layers_[std::size_t(l)].empty() && work_->state().layers.count(l)) layers_[std::size_t(l)] = work_->get(l);
    note_bytes();
  }

  void check_stop() const {
    if (limits_.stop && limits_.stop->load()) throw Stopped("stopped before the table was complete");
  }
  void report(const char* phase, std::uint64_t positions, std::uint64_t total) const {
    check_stop();
    if (limits_.progress) limits_.progress({phase, positions, total, held_bytes()});
  }
  std::uint64_t held_bytes() const {  // no position lies above top_
    std::uint64_t b = 0;
    for (int l = 0; l <= top_; ++l) b += bytes_of(layers_[std::size_t(l)]) + bytes_of(pending_[std::size_t(l)]);
    return b;
  }
  void note_bytes() { stats_.peak_bytes = std::max(stats_.peak_bytes, held_bytes()); }

  // A move's child must lie above its parent, or in its layer after a pass (THE ORDER).
  void check_order(const Position& parent, Move m, int level, int child_level) const {
    if (m.kind() == MoveKind::Pass ? child_level != level : child_level <= level)
      throw std::logic_error("the potential does not rise along " + to_string(m) + " from " + to_kfen(parent) + " (" + std::to_string(level) +
                             " to " + std::to_string(child_level) + ")");
  }

  // The children of `added` (all of potential `level`), each key into the pending layer of its
  // potential; those of this layer (after a pass) are returned, to be expanded next.
  std::vector<RetroEntry> expand(const std::vector<RetroEntry>& added, int level) {
    // A child is a key with its potential in the result's bits (unused while enumerating), 16
    // bytes, handed to the pending layers a chunk of parents at a time, so that a large layer's
    // children never wait all at once.
    struct Found {
      std::vector<RetroEntry> children;
      std::uint64_t moves = 0, edges = 0, extra = 0;
      int jump = 0;  // the most a move raised the potential
    };
    std::vector<RetroEntry> same;
    constexpr std::size_t kChunk = std::size_t(1) << 20;
    for (std::size_t begin = 0; begin < added.size(); begin += kChunk) {
      tbb::enumerable_thread_specific<Found> found;
      tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, std::min(added.size(), begin + kChunk)),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          Found& f = found.local();
                          for (std::size_t i = r.begin(); i < r.end(); ++i) {
                            if ((i & 0xFFF) == 0) check_stop();
                            const Position pos = frame_.decode(added[i].key());
                            MoveList moves;
                            generate_moves(pos, moves);
                            f.moves += moves.size();
                            for (Move m : moves) {
                              if (wins_at_once(m, pos.side_to_move())) continue;  // M7: no position
                              const Position child = pos.after(m);
                              if (round_winner(child)) continue;  // M7, M8: the round is over
                              const int child_level = advancement_potential(child);
                              check_order(pos, m, level, child_level);
                              f.jump = std::max(f.jump, child_level - level);
                              (child.side_to_move() == pos.side_to_move() ? f.extra : f.edges) += 1;
                              RetroEntry e{frame_.canonical_key(child)};
                              e.bits.hi |= std::uint64_t(child_level) << 48;
                              f.children.push_back(e);
                            }
                          }
                        });
      for (Found& f : found) {
        stats_.moves += f.moves, stats_.graph_edges += f.edges, stats_.extra_turn_edges += f.extra;
        window_ = std::max(window_, f.jump);
        for (RetroEntry e : f.children) {
          const int child_level = int(e.bits.hi >> 48);
          e.bits.hi &= kKeyHiMask;
          (child_level == level ? same : pending_[std::size_t(child_level)]).push_back(e);
          top_ = std::max(top_, child_level);
        }
        std::vector<RetroEntry>().swap(f.children);
      }
      // Many parents share a child: a pending layer is kept free of repeats as it grows.
      for (int l = level + 1; l <= top_; ++l) {
        auto& p = pending_[std::size_t(l)];
        if (p.size() > 2 * unique_size_[std::size_t(l)] + 4096) {
          sort_unique(p);
          unique_size_[std::size_t(l)] = p.size();
        }
      }
      note_bytes();
    }
    return same;
  }

  // The entry's value from its children's; false if a child in its own layer (a pass's) is not
  // solved yet.
  bool solve_one(RetroEntry& e, int level) const {
    const Position pos = frame_.decode(e.key());
    const Side mover = pos.side_to_move();
    MoveList moves;
    generate_moves(pos, moves);
    int fastest_win = 0, longest_loss = 0;
    for (Move m : moves) {
      int distance = 1;
      bool mover_wins;
      if (wins_at_once(m, mover)) {
        mover_wins = true;
      } else {
        const Position child = pos.after(m);
        if (const auto winner = round_winner(child)) {
          mover_wins = *winner == mover;
        } else {
          const RetroKey key = frame_.canonical_key(child);
          const auto& layer = layers_[std::size_t(m.kind() == MoveKind::Pass ? level : advancement_potential(child))];
          const auto it = std::lower_bound(layer.begin(), layer.end(), RetroEntry{key}, key_less);
          if (it == layer.end() || it->key() != key) throw std::logic_error("a child was not enumerated: " + to_kfen(child));
          if (it->packed() == 0) return false;  // a pass's child, not solved yet
          const RetroValue v = it->value();
          mover_wins = v.win == (child.side_to_move() == mover);  // S4: after a push the pusher moves again
          distance = v.distance + 1;
          if (distance > kMaxRetroDistance) throw std::runtime_error("a distance beyond the table's range");
        }
      }
      if (mover_wins)
        fastest_win = fastest_win == 0 ? distance : std::min(fastest_win, distance);
      else
        longest_loss = std::max(longest_loss, distance);
    }
    const RetroValue v = fastest_win ? RetroValue{true, fastest_win} : RetroValue{false, longest_loss};
    if (v.distance == 0) throw std::logic_error("a position without moves: " + to_kfen(pos));
    e.bits.hi = (e.bits.hi & kKeyHiMask) | std::uint64_t(pack_value(v)) << 48;
    return true;
  }

  RetroWorkFolder* const work_;  // where layers wait on disk (build_retro_file), or none: all in memory
  const Position root_;
  const RetroBuildLimits& limits_;
  const std::uint64_t cap_;
  const RoundFrame frame_;
  const tbb::global_control threads_;  // every parallel step of this build on limits.threads
  RetroBuildStats stats_;
  std::uint64_t positions_ = 0;
  int top_ = 0;                                            // the highest potential a position was found at
  int window_ = 0;                                         // the most a move raises the potential: how far above a layer its children lie
  std::vector<std::vector<RetroEntry>> layers_, pending_;  // by potential
  std::vector<std::size_t> unique_size_ = std::vector<std::size_t>(kMostPotential + 1, 0);
};

}  // namespace

RetroTable build_retro_table_by_layers(const Position& root, const RetroBuildLimits& limits, RetroBuildStats* stats_out) {
  require_round_in_play(root);
  LayerBuilder build(root, limits);
  build.enumerate();
  build.solve();
  return build.table(stats_out);
}

RetroFileInfo build_retro_file(const Position& root, const RetroBuildLimits& limits, const std::string& path, RetroBuildStats* stats_out) {
  require_round_in_play(root);
  io::check_writable(path);
  const io::RunLock lock = io::RunLock::on_file(path, "retro build");
  RetroWorkFolder work(path + ".work", to_kfen(root));
  LayerBuilder build(root, limits, &work);
  try {
    build.enumerate();
  } catch (const RetroCapExceeded&) {
    work.remove();  // refused: nothing is kept
    throw;
  }
  build.solve();
  const RetroFileInfo info = build.write(path, stats_out);
  work.remove();
  return info;
}

}  // namespace kamisado::solver
