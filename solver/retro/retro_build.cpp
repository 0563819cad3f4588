#include "solver/retro/retro_build.h"

#include <tbb/global_control.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/range/iterator_range.hpp>
#include <chrono>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "solver/retro/retro_layers.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/kamisado/movegen.h"
#include "src/kamisado/rules.h"

namespace kamisado::solver {

namespace {

using Index = std::uint32_t;
// Predecessor lists: an edge runs from a position to each position that moves into it.
using PredecessorGraph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property, boost::no_property, Index, Index>;

double seconds_since(std::chrono::steady_clock::time_point t) { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count(); }

std::uint64_t hash_key(const RetroKey& k) {
  std::uint64_t h = k.lo * 0x9E3779B97F4A7C15ULL ^ (k.hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
  return h ^ (h >> 29);
}

// Finds the index of a key among those seen so far. Open addressing with linear probing, at
// most 70% full. A slot is 4 bytes: index + 1 in the low 28 bits (0 is empty) and 4 bits of
// the key's hash above them, so that most slots of other keys are passed over without reading
// their key, which lives in the caller's array and would cost a cache miss.
class KeyIndex {
 public:
  KeyIndex() {
    slots_.assign(1 << 16, 0);
    mask_ = slots_.size() - 1;
  }
  std::size_t bytes() const { return slots_.size() * sizeof(Index); }

  void prefetch(std::uint64_t hash) const { __builtin_prefetch(&slots_[hash & mask_]); }

  // The index of `key` if present; otherwise records `next` as its index and returns it.
  template <class Keys>
  Index find_or_insert(const RetroKey& key, std::uint64_t hash, Index next, const Keys& keys, bool& inserted) {
    // Grow before probing: the keys array does not hold the new key until this returns.
    if ((used_ + 1) * 10 > slots_.size() * 7) grow(keys);
    const Index tag = Index(hash >> 60) << 28;
    std::size_t i = hash & mask_;
    while (Index slot = slots_[i]) {
      if ((slot & ~kIndexMask) == tag && keys[(slot & kIndexMask) - 1].bits == key) {
        inserted = false;
        return (slot & kIndexMask) - 1;
      }
      i = (i + 1) & mask_;
    }
    slots_[i] = (next + 1) | tag;
    inserted = true;
    ++used_;
    return next;
  }

  // The table's size at its largest, when old and new slots coexist while it grows.
  std::size_t peak_bytes() const { return std::max(peak_bytes_, bytes()); }
  void release() { std::vector<Index>().swap(slots_); }

 private:
  static constexpr Index kIndexMask = (1u << 28) - 1;

  template <class Keys>
  void grow(const Keys& keys) {
    std::vector<Index> old(slots_.size() * 2, 0);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    peak_bytes_ = std::max(peak_bytes_, (old.size() + slots_.size()) * sizeof(Index));
    for (Index slot : old) {
      if (!slot) continue;
      std::size_t i = hash_key(keys[(slot & kIndexMask) - 1].bits) & mask_;
      while (slots_[i]) i = (i + 1) & mask_;
      slots_[i] = slot;
    }
  }

  std::vector<Index> slots_;
  std::size_t mask_ = 0, used_ = 0, peak_bytes_ = 0;
};

// The recorded edges as Boost reads them: (child, parent) pairs from two parallel arrays.
struct EdgeIterator {
  using iterator_category = std::forward_iterator_tag;
  using value_type = std::pair<Index, Index>;
  using difference_type = std::ptrdiff_t;
  using pointer = const value_type*;
  using reference = value_type;
  const Index* child;
  const Index* parent;
  value_type operator*() const { return {*child, *parent}; }
  EdgeIterator& operator++() {
    ++child;
    ++parent;
    return *this;
  }
  EdgeIterator operator++(int) {
    EdgeIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const EdgeIterator& o) const { return child == o.child; }
  bool operator!=(const EdgeIterator& o) const { return child != o.child; }
};

// The memory an array has touched: a vector's spare capacity is reserved address space that no
// page backs until it is written.
template <class T>
std::size_t bytes_of(const std::vector<T>& v) {
  return v.size() * sizeof(T);
}

template <class T>
void release(std::vector<T>& v) {
  std::vector<T>().swap(v);
}

}  // namespace

namespace {

// One build, in the three steps of retro_build.h: enumerate the positions and record the moves
// between them, build the predecessor graphs, solve backwards; then the table. The arrays are
// members because every step reports the memory all of them hold.
class RetroBuilder {
 public:
  RetroBuilder(const Position& root, const RetroBuildLimits& limits)
      : root_(root), limits_(limits), cap_(std::min<std::uint64_t>(limits.max_positions, kMaxRetroPositions)), frame_(RoundFrame::of(root)) {
    stats_.solver = RetroSolver::Graph;
  }

  // 1. Enumerate. entries_[i] holds position i's key; its result is filled in by step 3.
  void enumerate() {
    auto start = std::chrono::steady_clock::now();
    add_position(frame_.canonical_key(root_));
    {
      bool inserted;
      index_.find_or_insert(entries_[0].bits, hash_key(entries_[0].bits), 0, entries_, inserted);
    }
    stack_.push_back({root_, 0});
    std::uint64_t expanded = 0;
    while (!stack_.empty()) {
      Frame f = stack_.back();
      stack_.pop_back();
      if ((++expanded & 0xFFFF) == 0) report("enumerating", entries_.size(), 0, held_bytes());
      expand(f);
    }
    stats_.positions = entries_.size();
    stats_.graph_edges = edge_child_.size();
    stats_.extra_turn_edges = extra_child_.size();
    stats_.peak_bytes = held_bytes() - index_.bytes() + index_.peak_bytes();
    index_.release();
    stats_.enumerate_seconds = seconds_since(start);
  }

  // 2. The predecessor graphs, built by Boost in two passes over the recorded edges: count each
  // position's parents, then place them. (Boost's in-place variant needs no column array beside
  // the edges, but swaps edges along permutation cycles, about twice the cache misses.)
  void build_graphs() {
    auto start = std::chrono::steady_clock::now();
    if (edge_child_.size() > 0xFFFFFFFEull) throw RetroCapExceeded("more than 2^32 moves between positions");
    parents_.emplace(make_graph(edge_child_, edge_parent_));
    extra_turn_parents_.emplace(make_graph(extra_child_, extra_parent_));
    stats_.graph_seconds = seconds_since(start);
  }

  // 3. Backward induction, in order of distance.
  void solve() {
    auto start = std::chrono::steady_clock::now();
    const std::size_t n = entries_.size();
    std::vector<Index> queue;
    queue.reserve(n);
    for (Index v = 0; v < n; ++v) {
      if (result_[v] == 0 && unresolved_[v] == 0) result_[v] = pack_value({false, 1});  // every move loses at once
      if (result_[v] != 0) queue.push_back(v);
    }
    stats_.peak_bytes = std::max<std::uint64_t>(stats_.peak_bytes, held_bytes() + graph_bytes() + bytes_of(queue));
    for (std::size_t head = 0; head < queue.size(); ++head) {
      if ((head & 0xFFFF) == 0xFFFF) report("solving", head, n, held_bytes() + graph_bytes() + bytes_of(queue));
      const Index v = queue[head];
      const RetroValue r = unpack_value(result_[v]);
      if (r.distance + 1 > kMaxRetroDistance) throw std::runtime_error("a distance beyond the table's range");
      // A parent that moves into v: with the sides alternating, v's loss is the parent's win;
      // after a push the same side moves in both, so v's win is the parent's win.
      auto tell = [&](Index p, bool parent_wins) {
        if (result_[p] != 0) return;
        if (parent_wins)
          result_[p] = pack_value({true, r.distance + 1});
        else if (--unresolved_[p] == 0)
          result_[p] = pack_value({false, r.distance + 1});
        else
          return;
        queue.push_back(p);
      };
      for (Index p : boost::make_iterator_range(boost::adjacent_vertices(v, *parents_))) tell(p, !r.win);
      for (Index p : boost::make_iterator_range(boost::adjacent_vertices(v, *extra_turn_parents_))) tell(p, r.win);
    }
    if (queue.size() != n) throw std::logic_error(std::to_string(n - queue.size()) + " positions unresolved: the move graph has a cycle");
    stats_.solve_seconds = seconds_since(start);
    release(queue);
    release(unresolved_);
    parents_.reset();
    extra_turn_parents_.reset();
  }

  // The table: results into the entries, sorted by key.
  RetroTable table(RetroBuildStats* stats_out) {
    auto start = std::chrono::steady_clock::now();
    const std::size_t n = entries_.size();
    for (std::size_t i = 0; i < n; ++i) entries_[i].bits.hi |= std::uint64_t(result_[i]) << 48;
    release(result_);
    report("sorting", n, n, bytes_of(entries_));
    {
      tbb::global_control threads(tbb::global_control::max_allowed_parallelism, std::size_t(std::max(1, limits_.threads)));
      tbb::parallel_sort(entries_.begin(), entries_.end(), [](const RetroEntry& a, const RetroEntry& b) { return a.key() < b.key(); });
    }
    stats_.sort_seconds = seconds_since(start);
    // The sort cannot be cut short; a stop raised during it is heard now, before the table is given.
    if (limits_.stop && limits_.stop->load()) throw Stopped("stopped before the table was complete");
    if (stats_out) *stats_out = stats_;
    return RetroTable(to_kfen(root_), root_, std::move(entries_));
  }

 private:
  struct Frame {
    Position pos;
    Index index;
  };
  struct Child {
    Position pos;
    RetroKey key;
    std::uint64_t hash;
  };

  void report(const char* phase, std::uint64_t positions, std::uint64_t total, std::uint64_t bytes) const {
    if (limits_.stop && limits_.stop->load()) throw Stopped("stopped before the table was complete");
    if (limits_.progress) limits_.progress({phase, positions, total, bytes});
  }
  std::uint64_t held_bytes() const {
    return bytes_of(entries_) + bytes_of(result_) + bytes_of(unresolved_) + bytes_of(edge_child_) + bytes_of(edge_parent_) + bytes_of(extra_child_) +
           bytes_of(extra_parent_) + index_.bytes();
  }
  std::uint64_t graph_bytes() const { return (2 * (entries_.size() + 1) + stats_.graph_edges + stats_.extra_turn_edges) * sizeof(Index); }
  void add_position(const RetroKey& key) {
    if (entries_.size() >= cap_) throw RetroCapExceeded("more than " + std::to_string(cap_) + " positions are reachable (the cap)");
    entries_.push_back({key});
    result_.push_back(0);
    unresolved_.push_back(0);
  }

  // One position's moves: a win at once settles it (M7, M8); every other child is found or added,
  // and the move recorded as an edge (S4: after a push, an edge of the extra turn).
  void expand(const Frame& f) {
    const Side mover = f.pos.side_to_move();
    MoveList moves;
    generate_moves(f.pos, moves);
    stats_.moves += moves.size();
    // Make the children first and look their slots up afterwards, so that the slots' cache
    // misses overlap (prefetch) instead of coming one after another.
    children_.clear();
    for (Move m : moves) {
      // M7: a step onto the opponent's home row wins at once; no need to make the move.
      if (wins_at_once(m, mover)) {
        result_[f.index] = pack_value({true, 1});
        continue;
      }
      Position child = f.pos.after(m);
      if (auto winner = round_winner(child)) {
        // M8 ends the round at once (or M7): a move that loses at once can only matter as the
        // longest defence of a lost position, at distance 1.
        if (*winner == mover) result_[f.index] = pack_value({true, 1});
        continue;
      }
      RetroKey key = frame_.canonical_key(child);
      std::uint64_t hash = hash_key(key);
      index_.prefetch(hash);
      children_.push_back({child, key, hash});
    }
    for (const Child& child : children_) {
      bool inserted;
      Index c = index_.find_or_insert(child.key, child.hash, Index(entries_.size()), entries_, inserted);
      if (inserted) {
        add_position(child.key);
        stack_.push_back({child.pos, c});
      }
      if (child.pos.side_to_move() == mover) {  // S4: the pusher moves again
        extra_child_.push_back(c);
        extra_parent_.push_back(f.index);
      } else {
        edge_child_.push_back(c);
        edge_parent_.push_back(f.index);
      }
      ++unresolved_[f.index];
    }
  }

  PredecessorGraph make_graph(std::vector<Index>& child, std::vector<Index>& parent) {
    const std::size_t n = entries_.size();
    EdgeIterator begin{child.data(), parent.data()}, end{child.data() + child.size(), parent.data() + parent.size()};
    PredecessorGraph g(boost::edges_are_unsorted_multi_pass, begin, end, Index(n));
    stats_.peak_bytes = std::max<std::uint64_t>(stats_.peak_bytes, held_bytes() + (2 * (n + 1) + child.size()) * sizeof(Index));
    release(child);
    release(parent);
    return g;
  }

  const Position root_;
  const RetroBuildLimits& limits_;
  const std::uint64_t cap_;
  const RoundFrame frame_;
  RetroBuildStats stats_;
  std::vector<RetroEntry> entries_;
  std::vector<std::uint16_t> result_;     // packed RetroValue, 0 while unknown
  std::vector<std::uint8_t> unresolved_;  // moves into positions whose value is not yet known
  std::vector<Index> edge_child_, edge_parent_, extra_child_, extra_parent_;
  KeyIndex index_;
  std::vector<Frame> stack_;
  std::vector<Child> children_;
  std::optional<PredecessorGraph> parents_, extra_turn_parents_;
};

}  // namespace

RetroTable build_retro_table(const Position& root, const RetroBuildLimits& limits, RetroBuildStats* stats_out) {
  return limits.solver == RetroSolver::Layers ? build_retro_table_by_layers(root, limits, stats_out)
                                              : build_retro_table_by_graph(root, limits, stats_out);
}

RetroTable build_retro_table_by_graph(const Position& root, const RetroBuildLimits& limits, RetroBuildStats* stats_out) {
  require_round_in_play(root);
  RetroBuilder build(root, limits);
  build.enumerate();
  build.build_graphs();
  build.solve();
  return build.table(stats_out);
}

}  // namespace kamisado::solver
