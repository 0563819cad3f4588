#include "solver/match/match_certificate.h"

#include <chrono>
#include <deque>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "kamisado/errors.h"
#include "kamisado/kfen.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_io.h"

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

std::optional<ProofTree> LayerFolder::kept(const std::string& name) {
  std::lock_guard lock(mutex_);
  folder_.claim({name});  // refuses a file that is not the tool's
  if (!folder_.holds(name)) return std::nullopt;
  const std::string path = (std::filesystem::path(folder_.dir()) / name).string();
  try {
    return read_proof_file(path);
  } catch (const ProofFormatError& e) {
    throw InputError(path + ": " + e.what());
  }
}

std::uint64_t LayerFolder::write(const std::string& name, const ProofTree& layer) {
  std::lock_guard lock(mutex_);
  const std::string path = folder_.staged_path(name);
  write_proof_file(layer, path, true);
  std::error_code ec;
  const std::uint64_t bytes = std::filesystem::file_size(path, ec);
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - last_commit_).count() >= commit_seconds_) {
    folder_.commit();
    last_commit_ = std::chrono::steady_clock::now();
  }
  return bytes;
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

// A layer read and checked: the round start at its root and the winner it proves.
struct Layer {
  RoundStart root;
  Side winner;
};

class CertificateChecker {
 public:
  CertificateChecker(const std::string& dir, const std::function<void(std::uint64_t)>& progress) : dir_(dir), progress_(progress) {}

  MatchCertificateCheck run() {
    const auto begin = std::chrono::steady_clock::now();
    MatchCertificateCheck r;
    const std::filesystem::path root_path = std::filesystem::path(dir_) / kRootLayer;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir_, ec)) throw InputError(fmt::format("'{}' is not a folder (a match certificate is one)", dir_));
    if (!std::filesystem::exists(root_path, ec))
      throw InputError(fmt::format("'{}' holds no {}: not a match certificate (written by solve --by-rounds --certificate)", dir_, kRootLayer));
    try {
      const ProofTree root = read_layer(root_path.string(), 1);
      r.root_kfen = root.nodes[0].kfen;
      r.winner = root.winner;
      // Breadth-first over the layers: each start's layer is checked once, at the first leaf
      // that reaches it; every later leaf is compared with what it proved.
      while (!pending_.empty()) {
        auto [path, depth, leaf] = pending_.front();
        pending_.pop_front();
        check_leaf(path, depth, leaf);
      }
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
  struct Leaf {
    Position start;
    Side winner;  // who must win the match from it
    std::uint32_t node;
  };
  struct Pending {
    std::string path;  // the layer that ends at the leaf
    unsigned depth;    // the leaf's layer's depth
    Leaf leaf;
  };

  // Reads and checks the layer at `path`, and queues its leaves at round starts.
  ProofTree read_layer(const std::string& path, unsigned depth) {
    ProofTree tree;
    try {
      tree = read_proof_file(path);
    } catch (const ProofFormatError& e) {  // a damaged frame's message names the file already
      const std::string what = e.what();
      throw Failure{what.rfind(path, 0) == 0 ? what : path + ": " + what};
    } catch (const InputError& e) {
      throw Failure{e.what()};
    }
    if (tree.aim.kind != AimKind::Match || !tree.to_round_starts)
      throw Failure{path + ": not a layer of a match certificate (it needs 'goal match' and 'leaves round-starts')"};
    const ProofCheck check = check_proof(tree);
    if (!check.holds) throw Failure{path + ": " + check.failure};
    if (depths_.size() < depth) depths_.resize(depth);
    LayerCount& count = depths_[depth - 1];
    ++count.layers;
    count.nodes += check.nodes;
    std::error_code ec;
    count.bytes += std::filesystem::file_size(path, ec);
    for (std::uint32_t id : check.round_starts) pending_.push_back({path, depth, {parse_kfen(tree.nodes[id].kfen), tree.winner, id}});
    if (progress_) progress_(++layers_checked_);
    return tree;
  }

  // The leaf `leaf` of the layer at `path` is won by its winner if the layer of its start's class
  // proves it (the file's comment).
  void check_leaf(const std::string& path, unsigned depth, const Leaf& leaf) {
    ++leaves_;
    const RoundStart start = *round_start_of(leaf.start);  // the layer's check made it one
    const RoundStartKey key = key_of(start);
    auto it = layers_.find(key);
    if (it == layers_.end()) {
      const std::string name = start_layer_name(key);
      const std::string layer_path = (std::filesystem::path(dir_) / name).string();
      std::error_code ec;
      if (!std::filesystem::exists(layer_path, ec))
        throw Failure{fmt::format("{}: node {}: the round start {} has no layer {}", path, leaf.node, to_kfen(leaf.start), layer_path)};
      const ProofTree tree = read_layer(layer_path, depth + 1);
      const std::optional<RoundStart> root = round_start_of(parse_kfen(tree.nodes[0].kfen));
      if (!root || key_of(*root) != key)
        throw Failure{fmt::format("{}: its root {} is not a start of the class {}", layer_path, tree.nodes[0].kfen, key.hex())};
      it = layers_.emplace(key, Layer{*root, tree.winner}).first;
    }
    // The symmetries (B3) that map the leaf's start onto the layer's root; turning the board
    // swaps the sides, and so the winner.
    const Layer& layer = it->second;
    const RoundStart images[] = {start, flipped(start), turned(start), turned(flipped(start))};
    for (int i = 0; i < 4; ++i)
      if (images[i] == layer.root) {
        const Side needed = i < 2 ? leaf.winner : ~leaf.winner;
        if (layer.winner != needed)
          throw Failure{fmt::format("{}: node {}: the round start {} must be won by {}, but its layer {} proves the other side wins", path, leaf.node,
                                    to_kfen(leaf.start), side_id(leaf.winner), start_layer_name(key))};
        return;
      }
    throw Failure{fmt::format("{}: node {}: the round start {} is no symmetry of the root of its layer {}", path, leaf.node, to_kfen(leaf.start),
                              start_layer_name(key))};
  }

  std::string dir_;
  const std::function<void(std::uint64_t)>& progress_;
  std::map<RoundStartKey, Layer> layers_;
  std::deque<Pending> pending_;
  std::vector<LayerCount> depths_;
  std::uint64_t leaves_ = 0, layers_checked_ = 0;
};

}  // namespace

MatchCertificateCheck check_match_certificate(const std::string& dir, const std::function<void(std::uint64_t)>& progress) {
  return CertificateChecker(dir, progress).run();
}

nlohmann::json match_certificate_json(const std::string& dir, const MatchCertificateCheck& check) {
  nlohmann::json depths = nlohmann::json::array();
  std::uint64_t bytes = 0;
  for (std::size_t i = 0; i < check.depths.size(); ++i) {
    const LayerCount& d = check.depths[i];
    depths.push_back({{"depth", i + 1}, {"layers", d.layers}, {"nodes", d.nodes}, {"bytes", d.bytes}});
    bytes += d.bytes;
  }
  return {{"file", dir},     {"holds", check.holds},     {"winner", check.winner ? nlohmann::json(side_id(*check.winner)) : nlohmann::json()},
          {"goal", "match"}, {"layers", depths},         {"leaves_at_round_starts", check.leaves_at_starts},
          {"bytes", bytes},  {"seconds", check.seconds}, {"failure", check.failure}};
}

std::string match_certificate_text(const MatchCertificateCheck& check) {
  if (!check.holds) return "certificate REJECTED: " + check.failure + "\n";
  std::string depths;
  std::uint64_t bytes = 0, layers = 0;
  for (std::size_t i = 0; i < check.depths.size(); ++i) {
    const LayerCount& d = check.depths[i];
    depths += fmt::format("  depth {}: {} layers, {} positions, {} bytes\n", i + 1, d.layers, d.nodes, d.bytes);
    bytes += d.bytes, layers += d.layers;
  }
  return fmt::format("certificate holds: {} wins the match from {} ({} layers, {} bytes; {} round-start leaves, {:.1f} s)\n{}",
                     side_name(*check.winner), check.root_kfen, layers, bytes, check.leaves_at_starts, check.seconds, depths);
}

}  // namespace kamisado::solver
