#include "solver/match/match_certificate.h"

#include <chrono>
#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "solver/proof/proof_check.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_io.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

std::string start_layer_name(const RoundStartKey& key) { return "starts/" + key.hex() + ".proof"; }

std::vector<Position> layer_round_starts(const ProofTree& layer) {
  std::vector<Position> starts;
  for (std::size_t id = 1; id < layer.nodes.size(); ++id) {
    if (!layer.nodes[id].children.empty()) continue;
    Position p = parse_kfen(layer.nodes[id].kfen);
    if (p.turn() == Turn::FreeChoice && !p.outcome().over()) starts.push_back(std::move(p));
  }
  return starts;
}

LayerFolder::LayerFolder(const std::string& dir, double commit_seconds)
    : folder_(dir, "solve --by-rounds --certificate"), commit_seconds_(commit_seconds) {}

std::optional<ProofTree> LayerFolder::kept(const std::string& name, const Position& root) {
  std::string path;
  {
    std::lock_guard lock(mutex_);
    folder_.claim({name});  // refuses a file that is not the tool's
    if (!folder_.holds(name)) return std::nullopt;
    path = (std::filesystem::path(folder_.dir()) / name).string();
  }
  // Checked outside the lock: a committed layer is not written again, and the check takes a while.
  const ProofTree tree = read_proof_file(path);  // a format error names the file
  const auto refused = [&](const std::string& why) {
    return InputError(fmt::format("{}: a layer kept from an earlier run is refused: {}; remove it and run again", path, why));
  };
  if (tree.aim.kind != AimKind::Match || !tree.to_round_starts) throw refused("not a layer (it needs 'goal match' and 'leaves round-starts')");
  if (tree.nodes.empty() || tree.nodes[0].kfen != to_kfen(root)) throw refused("its root is not " + to_kfen(root));
  const ProofCheck check = check_proof(tree);
  if (!check.holds) throw refused(check.failure);
  return tree;
}

std::uint64_t LayerFolder::write(const std::string& name, const ProofTree& layer) {
  std::lock_guard lock(mutex_);
  const std::string path = folder_.staged_path(name);
  try {
    write_proof_file(layer, path, true);
  } catch (...) {
    folder_.drop(name);  // so that the layers written before it can still be committed
    throw;
  }
  std::error_code ec;
  const std::uint64_t bytes = std::filesystem::file_size(path, ec);
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - last_commit_).count() >= commit_seconds_) {
    folder_.commit();
    last_commit_ = std::chrono::steady_clock::now();
  }
  return bytes;
}

std::optional<std::string> read_checked_layer(const std::string& path, CheckedLayer& out) {
  try {
    out.tree = read_proof_file(path);
  } catch (const InputError& e) {  // a proof's format error names the file
    return std::string(e.what());
  }
  if (out.tree.aim.kind != AimKind::Match || !out.tree.to_round_starts)
    return path + ": not a layer of a match certificate (it needs 'goal match' and 'leaves round-starts')";
  out.check = check_proof(out.tree);
  if (!out.check.holds) return path + ": " + out.check.failure;
  return std::nullopt;
}

void LayerFolder::commit() {
  std::lock_guard lock(mutex_);
  folder_.commit();
  last_commit_ = std::chrono::steady_clock::now();
}

namespace {

struct Failure {
  std::string what;
};

// A leaf of a layer at a round start, which its winner must win.
struct Leaf {
  std::string path;  // the layer that ends at it
  Position start;
  Side winner;
  std::uint32_t node;
};

// A layer read and checked as a proof tree: the round start at its root, the winner it proves,
// its weight and its own leaves at round starts.
struct Layer {
  std::string root_kfen;
  Side winner = Side::Black;
  std::uint64_t nodes = 0, bytes = 0;
  std::vector<Leaf> leaves;
};

// Reads and checks the layer at `path` (a Failure if it is damaged or does not hold).
Layer read_layer(const std::string& path) {
  CheckedLayer read;
  if (std::optional<std::string> failure = read_checked_layer(path, read)) throw Failure{std::move(*failure)};
  const ProofTree& tree = read.tree;
  Layer layer{tree.nodes[0].kfen, tree.winner, read.check.nodes, 0, {}};
  std::error_code ec;
  layer.bytes = std::filesystem::file_size(path, ec);
  for (std::uint32_t id : read.check.round_starts) layer.leaves.push_back({path, parse_kfen(tree.nodes[id].kfen), tree.winner, id});
  return layer;
}

// A start's layer as the check found it: checked, missing, or refused (why).
struct StartLayer {
  std::string path;
  bool missing = false;
  std::string failure;
  std::optional<RoundStart> root;
  Layer layer;
};

class CertificateChecker {
 public:
  CertificateChecker(const std::string& dir, unsigned threads, const std::function<void(std::uint64_t)>& progress)
      : dir_(dir), threads_(std::max(1u, threads)), progress_(progress) {}

  MatchCertificateCheck run() {
    const auto begin = std::chrono::steady_clock::now();
    MatchCertificateCheck r;
    const std::filesystem::path root_path = std::filesystem::path(dir_) / kRootLayer;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir_, ec)) throw InputError(fmt::format("'{}' is not a folder (a match certificate is one)", dir_));
    if (!std::filesystem::exists(root_path, ec))
      throw InputError(fmt::format("'{}' holds no {}: not a match certificate (written by solve --by-rounds --certificate)", dir_, kRootLayer));
    try {
      Layer root = read_layer(root_path.string());
      count(root, 1);
      tick();
      r.root_kfen = root.root_kfen;
      r.winner = root.winner;
      // Depth by depth, breadth-first: the layers the leaves of one depth reach for the first
      // time are checked at once, on all threads; then each leaf, in order, against its layer.
      // A failure is the one a check in that order, one layer at a time, meets first.
      std::vector<Leaf> leaves = std::move(root.leaves);
      for (unsigned depth = 1; !leaves.empty(); ++depth) leaves = check_leaves(leaves, depth);
      r.holds = true;
    } catch (const Failure& f) {
      r.failure = f.what;
      r.winner.reset();
    }
    r.depths = depths_;
    r.leaves_at_starts = leaves_;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return r;
  }

 private:
  // Checks `leaves` (of layers at `depth`) and returns the leaves of the layers they reach first.
  std::vector<Leaf> check_leaves(const std::vector<Leaf>& leaves, unsigned depth) {
    std::vector<RoundStart> starts;
    std::vector<RoundStartKey> keys;
    std::map<RoundStartKey, std::size_t> fresh;  // a layer not checked yet, by the order first reached
    std::vector<RoundStartKey> order;
    for (const Leaf& leaf : leaves) {
      starts.push_back(*round_start_of(leaf.start));  // the layer's check made it one
      keys.push_back(key_of(starts.back()));
      if (!checked_.count(keys.back()) && fresh.emplace(keys.back(), order.size()).second) order.push_back(keys.back());
    }
    std::vector<StartLayer> found(order.size());
    {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads_);
      tbb::parallel_for(std::size_t(0), order.size(), [&](std::size_t i) { found[i] = read_start_layer(order[i]); });
    }
    std::vector<Leaf> next;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
      const Leaf& leaf = leaves[i];
      ++leaves_;
      if (auto f = fresh.find(keys[i]); f != fresh.end()) {
        StartLayer& s = found[f->second];
        if (s.missing)
          throw Failure{fmt::format("{}: node {}: the round start {} has no layer {}", leaf.path, leaf.node, to_kfen(leaf.start), s.path)};
        if (!s.failure.empty()) throw Failure{s.failure};
        count(s.layer, depth + 1);
        checked_.emplace(keys[i], Checked{*s.root, s.layer.winner});
        for (Leaf& l : s.layer.leaves) next.push_back(std::move(l));
        fresh.erase(f);
      }
      check_symmetry(leaf, starts[i], keys[i]);
    }
    return next;
  }

  // The layer of the start class `key`, read and checked on a worker thread.
  StartLayer read_start_layer(const RoundStartKey& key) {
    StartLayer s;
    s.path = (std::filesystem::path(dir_) / start_layer_name(key)).string();
    std::error_code ec;
    if (!std::filesystem::exists(s.path, ec)) {
      s.missing = true;
      return s;
    }
    try {
      s.layer = read_layer(s.path);
      s.root = round_start_of(parse_kfen(s.layer.root_kfen));
      if (!s.root || key_of(*s.root) != key)
        throw Failure{fmt::format("{}: its root {} is not a start of the class {}", s.path, s.layer.root_kfen, key.hex())};
    } catch (const Failure& f) {
      s.failure = f.what;
    }
    tick();
    return s;
  }

  // The leaf is won by its winner if the layer of its start's class proves it: the symmetries
  // (B3) map the leaf's start onto the layer's root; turning the board swaps the sides, and so
  // the winner.
  void check_symmetry(const Leaf& leaf, const RoundStart& start, const RoundStartKey& key) const {
    const Checked& layer = checked_.at(key);
    const RoundStart images[] = {start, flipped(start), turned(start), turned(flipped(start))};
    for (int i = 0; i < 4; ++i)
      if (images[i] == layer.root) {
        const Side needed = i < 2 ? leaf.winner : ~leaf.winner;
        if (layer.winner != needed)
          throw Failure{fmt::format("{}: node {}: the round start {} must be won by {}, but its layer {} proves the other side wins", leaf.path,
                                    leaf.node, to_kfen(leaf.start), side_id(leaf.winner), start_layer_name(key))};
        return;
      }
    throw Failure{fmt::format("{}: node {}: the round start {} is no symmetry of the root of its layer {}", leaf.path, leaf.node, to_kfen(leaf.start),
                              start_layer_name(key))};
  }

  void count(const Layer& layer, unsigned depth) {
    if (depths_.size() < depth) depths_.resize(depth);
    LayerCount& c = depths_[depth - 1];
    ++c.layers;
    c.nodes += layer.nodes;
    c.bytes += layer.bytes;
  }

  void tick() {
    std::lock_guard lock(progress_mutex_);
    ++layers_read_;
    if (progress_) progress_(layers_read_);
  }

  // A start's layer checked: its root and the winner it proves.
  struct Checked {
    RoundStart root;
    Side winner;
  };

  std::string dir_;
  unsigned threads_;
  const std::function<void(std::uint64_t)>& progress_;
  std::mutex progress_mutex_;
  std::uint64_t layers_read_ = 0;
  std::map<RoundStartKey, Checked> checked_;
  std::vector<LayerCount> depths_;
  std::uint64_t leaves_ = 0;
};

}  // namespace

MatchCertificateCheck check_match_certificate(const std::string& dir, unsigned threads, const std::function<void(std::uint64_t)>& progress) {
  return CertificateChecker(dir, threads, progress).run();
}

}  // namespace kamisado::solver
