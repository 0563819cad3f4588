#include "solver/match/tree_certificate.h"

#include <chrono>
#include <deque>
#include <filesystem>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <xxhash.h>

#include "solver/match/layer_list.h"
#include "solver/match/match_certificate.h"
#include "solver/match/regenerated_layer.h"
#include "solver/proof/proof_io.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPart = "layers.part";

std::string rank_dir(const std::string& dir, int rank) { return (fs::path(dir) / kRankLayers / std::to_string(rank)).string(); }

// The lines of a rank's part that read as layer lines, the later of two for one start; a line a
// kill cut short reads as none and is passed over (the file's comment).
std::map<RoundStartKey, ListedLayer> read_part(const std::string& path) {
  std::map<RoundStartKey, ListedLayer> layers;
  std::error_code ec;
  if (!fs::exists(path, ec)) return layers;
  std::istringstream in(io::read_file(path, "a rank's list of layers"));
  for (std::string line; std::getline(in, line);) {
    try {
      ListedLayer l = decode_layer_line(line, path);
      layers[l.key] = std::move(l);
    } catch (const InputError&) {
    }
  }
  return layers;
}

}  // namespace

std::map<int, std::string> rank_layer_folders(const std::string& dir) {
  std::map<int, std::string> ranks;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / kRankLayers, ec)) {
    const std::string n = e.path().filename().string();
    if (!n.empty() && n.size() < 9 && n.find_first_not_of("0123456789") == std::string::npos) ranks.emplace(std::stoi(n), e.path().string());
  }
  return ranks;
}

RankLayers::RankLayers(const std::string& dir, int rank) : dir_(rank_dir(dir, rank)) {
  folder_ = std::make_unique<LayerFolder>(dir_, 1e9);  // committed after each job's layers (write)
  tables_ = std::make_unique<SearchTables>();
  const std::string part = (fs::path(dir_) / kPart).string();
  std::error_code ec;
  for (const auto& [key, layer] : read_part(part))
    if (fs::exists(fs::path(dir_) / start_layer_name(key), ec)) listed_.insert(key);  // listed and stored: never replaced
  part_.emplace(part);
}

RankLayers::~RankLayers() = default;

void RankLayers::write(const std::vector<std::pair<RoundStartKey, bool>>& starts, const std::optional<std::pair<Position, Side>>& root,
                       const RoundStartTable& table, std::size_t hash_mb, const std::atomic<bool>* stop) {
  std::vector<ListedLayer> lines;
  const auto make = [&](const Position& start, Side winner) -> std::optional<RoundLayer> {
    const std::size_t mb = regeneration_hash_mb(start, hash_mb);
    std::uint64_t nodes = 0;
    std::optional<RoundLayer> layer = regenerate_layer(start, winner, table, tables_->of(mb), stop, &nodes);
    search_nodes += nodes;
    if (!layer && !(stop && stop->load()))
      throw std::logic_error("by rounds on the job tree: a proved start's layer could not be made from its rank's table: " + to_kfen(start));
    if (layer) positions += layer->tree.nodes.size(), ++layers;
    return layer;
  };
  for (const auto& [key, first_mover_wins] : starts) {
    if (listed_.count(key)) continue;
    const Position start = round_start_position(round_start_of_key(key));  // the class's own root (B3), as the check makes it
    const Side winner = first_mover_wins ? start.side_to_move() : ~start.side_to_move();
    const std::optional<RoundLayer> layer = make(start, winner);
    if (!layer) return;  // stopped: nothing of this job listed, and its staged layers never committed (the run ends)
    folder_->write(start_layer_name(key), layer->tree);
    lines.push_back({key, first_mover_wins, std::uint32_t(regeneration_hash_mb(start, hash_mb)), layer->tree.nodes.size(), layer_digest(layer->tree),
                     leaves_of(layer->round_starts, winner)});
  }
  if (root) {
    const std::optional<RoundLayer> layer = make(root->first, root->second);
    if (!layer) return;
    folder_->write(kRootLayer, layer->tree);
  }
  for (const ListedLayer& l : lines) part_->add(encode_layer_line(l));
  folder_->commit();
  for (const ListedLayer& l : lines) listed_.insert(l.key);
}

TreeCertificate::TreeCertificate(const std::string& dir) : folder_(dir, "solve --by-rounds --every-level --certificate") {
  folder_.claim({kRootLayer, kLayerTable, kLayerList});
  // A layer in DIR/starts/ is read before a rank's (regenerated_certificate.h): one written by
  // another kind of run would stand in for the one listed.
  std::error_code ec;
  if (fs::exists(fs::path(dir) / fs::path(start_layer_name({})).parent_path(), ec))
    throw InputError(fmt::format("{}: holds the layers of a certificate written by one process; write to a new folder", dir));
}

RegeneratedWrite TreeCertificate::finish(const Position& root, Side winner) {
  const auto began = std::chrono::steady_clock::now();
  const std::string& dir = folder_.dir();
  // Every rank's lines, each start from the lowest rank that lists it; the root's layer likewise.
  std::map<RoundStartKey, ListedLayer> listed;
  std::string root_path;
  for (const auto& [rank, folder] : rank_layer_folders(dir)) {
    std::error_code ec;
    for (auto& [key, layer] : read_part((fs::path(folder) / kPart).string()))
      if (!listed.count(key) && fs::exists(fs::path(folder) / start_layer_name(key), ec)) listed.emplace(key, std::move(layer));
    if (root_path.empty() && fs::exists(fs::path(folder) / kRootLayer, ec)) root_path = (fs::path(folder) / kRootLayer).string();
  }
  if (root_path.empty()) throw InputError(fmt::format("{}: no rank stored the root's layer", (fs::path(dir) / kRankLayers).string()));
  const ProofTree root_layer = read_proof_file(root_path);
  if (root_layer.nodes.empty() || root_layer.nodes[0].kfen != to_kfen(root) || root_layer.winner != winner)
    throw InputError(fmt::format("{}: not the layer of {} won by {}", root_path, to_kfen(root), side_id(winner)));

  // The layers reached from the root's, breadth first.
  LayerList list;
  list.root_kfen = to_kfen(root), list.winner = winner;
  std::deque<LayerLeaf> next;
  for (const LayerLeaf& leaf : leaves_of(layer_round_starts(root_layer), winner)) next.push_back(leaf);
  std::set<RoundStartKey> reached;
  RegeneratedWrite w;
  while (!next.empty()) {
    const LayerLeaf leaf = next.front();
    next.pop_front();
    if (!reached.insert(leaf.key).second) continue;  // a start needed both ways is the check's to refuse
    const auto it = listed.find(leaf.key);
    if (it == listed.end())
      throw InputError(
          fmt::format("{}: no rank stored the layer of the round start {} (of class {}): its value came from shards saved without "
                      "--certificate; prove the match into a new --starts table",
                      dir, to_kfen(round_start_position(round_start_of_key(leaf.key))), leaf.key.hex()));
    w.positions += it->second.nodes;
    for (const LayerLeaf& l : it->second.leaves) next.push_back(l);
    list.layers.push_back(it->second);
  }
  list.finished = true;
  const std::string table = encode_round_starts({});
  list.table_digest = XXH64(table.data(), table.size(), 0);
  folder_.put(kRootLayer, io::read_file(root_path, "the root's layer"));
  folder_.put(kLayerTable, table);
  folder_.put(kLayerList, encode_layer_list(list));
  folder_.commit();
  w.winner = winner;
  w.layers = w.written = list.layers.size();
  for (const char* name : {kRootLayer, kLayerTable, kLayerList}) w.stored_bytes += fs::file_size(fs::path(dir) / name);
  w.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return w;
}

}  // namespace kamisado::solver
