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
    const Position start = start_of_class(key);
    const Side winner = winner_at(start, first_mover_wins);
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

// CERT's list, by class, and the table its layers are made from (tree_certificate.h).
struct EarlierCertificate {
  std::string dir;
  std::map<RoundStartKey, ListedLayer> listed;
  std::string table_bytes;
  RoundStartTable table;
};

namespace {

std::unique_ptr<EarlierCertificate> read_earlier(const std::string& cert, const std::string& dir) {
  auto e = std::make_unique<EarlierCertificate>();
  e->dir = cert;
  std::error_code ec;
  if (fs::exists(dir, ec) && fs::equivalent(cert, dir, ec))
    throw InputError(fmt::format("{}: the certificate written is not one to take layers from", cert), "layers-from");
  const fs::path list_path = fs::path(cert) / kLayerList;
  if (!fs::exists(list_path, ec))
    throw InputError(fmt::format("{}: no {}: layers are taken from a certificate that lists them (solve --by-rounds --certificate "
                                 "--regenerate-layers)",
                                 cert, kLayerList),
                     "layers-from");
  // A layer CERT stores is read by its check, not made: ours would have to store it too.
  for (const fs::path& stored : {fs::path(cert) / kRankLayers, fs::path(cert) / fs::path(start_layer_name({})).parent_path()})
    if (fs::exists(stored, ec))
      throw InputError(
          fmt::format("{}: stores layers ({}): layers are taken from a certificate that makes them again from its table", cert, stored.string()),
          "layers-from");
  const LayerList list = decode_layer_list(io::read_file(list_path.string(), "list of layers"), list_path.string());
  if (!list.finished)
    throw InputError(fmt::format("{}: unfinished: its writer stopped (run it again to finish it)", list_path.string()), "layers-from");
  const std::string table_path = (fs::path(cert) / kLayerTable).string();
  e->table_bytes = io::read_file(table_path, "the certificate's round-start table");
  if (XXH64(e->table_bytes.data(), e->table_bytes.size(), 0) != list.table_digest)
    throw InputError(fmt::format("{}: not the table its layers were made from ({} names another)", table_path, kLayerList), "layers-from");
  e->table = decode_round_starts(e->table_bytes, table_path);
  for (const ListedLayer& l : list.layers) e->listed.emplace(l.key, l);
  return e;
}

// The layer of `leaf`'s class made from CERT's table by the search the check runs (rank 0, at the
// end); nullopt if `stop` was set.
std::optional<ListedLayer> make_from_earlier(const EarlierCertificate& earlier, const LayerLeaf& leaf, std::size_t hash_mb, SearchTables& tables,
                                             const std::atomic<bool>* stop, std::uint64_t& nodes) {
  std::uint64_t searched = 0;
  std::optional<ListedLayer> layer = regenerate_listed_layer(leaf, earlier.table, hash_mb, tables, stop, &searched);
  nodes += searched;
  if (!layer && !(stop && stop->load()))
    throw InputError(fmt::format(
        "{}: neither lists a layer of the round start {} (of class {}) won by {} nor gives one from its table: prove "
        "the match into a new --starts table",
        earlier.dir, to_kfen(start_of_class(leaf.key)), leaf.key.hex(), leaf.first_mover_wins ? "the side moving first" : "the side moving second"));
  return layer;
}

}  // namespace

TreeCertificate::TreeCertificate(const TreeCertificateFolders& folders)
    : folders_(folders),
      earlier_(folders.layers_from.empty() ? nullptr : read_earlier(folders.layers_from, folders.dir)),
      folder_(folders.dir, "solve --by-rounds --every-level --certificate") {
  folder_.claim({kRootLayer, kLayerTable, kLayerList});
  // A layer in DIR/starts/ is read before a rank's (regenerated_certificate.h): one written by
  // another kind of run would stand in for the one listed.
  std::error_code ec;
  if (fs::exists(fs::path(folders.dir) / fs::path(start_layer_name({})).parent_path(), ec))
    throw InputError(fmt::format("{}: holds the layers of a certificate written by one process; write to a new folder", folders.dir));
}

TreeCertificate::~TreeCertificate() = default;

RegeneratedWrite TreeCertificate::finish(const Position& root, Side winner, std::size_t hash_mb, const std::atomic<bool>* stop) {
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

  // The layers reached from the root's, breadth first: a rank's stored layer, else CERT's listed
  // one, else one made here from CERT's table.
  LayerList list;
  list.root_kfen = to_kfen(root), list.winner = winner;
  std::deque<LayerLeaf> next;
  for (const LayerLeaf& leaf : leaves_of(layer_round_starts(root_layer), winner)) next.push_back(leaf);
  std::set<RoundStartKey> reached;
  RegeneratedWrite w;
  SearchTables tables;
  std::uint64_t taken = 0, made = 0;
  while (!next.empty()) {
    const LayerLeaf leaf = next.front();
    next.pop_front();
    if (!reached.insert(leaf.key).second) continue;  // a start needed both ways is the check's to refuse
    ListedLayer layer;
    if (const auto it = listed.find(leaf.key); it != listed.end()) {
      layer = it->second;
    } else if (!earlier_) {
      throw InputError(
          fmt::format("{}: no rank stored the layer of the round start {} (of class {}): its value came from a table saved without "
                      "--certificate; take its layer from the certificate written from that table (--layers-from CERT), or prove the "
                      "match into a new --starts table",
                      dir, to_kfen(start_of_class(leaf.key)), leaf.key.hex()));
    } else if (const auto e = earlier_->listed.find(leaf.key); e != earlier_->listed.end() && e->second.first_mover_wins == leaf.first_mover_wins) {
      layer = e->second, ++taken;  // made again from CERT's table when checked
    } else {
      std::optional<ListedLayer> made_here = make_from_earlier(*earlier_, leaf, hash_mb, tables, stop, w.search_nodes);
      if (!made_here) return w;  // stopped: nothing written, no winner (run again, it goes on from the shards)
      layer = std::move(*made_here), ++made;
      if (folders_.progress) folders_.progress(made, made + next.size());
    }
    w.positions += layer.nodes;
    for (const LayerLeaf& l : layer.leaves) next.push_back(l);
    list.layers.push_back(std::move(layer));
  }
  list.finished = true;
  const bool made_again = taken + made > 0;  // then made from CERT's table by the check
  const std::string table = made_again ? earlier_->table_bytes : encode_round_starts({});
  list.table_digest = XXH64(table.data(), table.size(), 0);
  list.table_starts = made_again ? earlier_->table.size() : 0;
  folder_.put(kRootLayer, io::read_file(root_path, "the root's layer"));
  folder_.put(kLayerTable, table);
  folder_.put(kLayerList, encode_layer_list(list));
  folder_.commit();
  w.winner = winner;
  w.layers = list.layers.size();
  w.written = w.layers - taken - made;  // stored by the ranks; the others are made again when checked
  w.table_starts = list.table_starts;
  for (const char* name : {kRootLayer, kLayerTable, kLayerList}) w.stored_bytes += fs::file_size(fs::path(dir) / name);
  w.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return w;
}

}  // namespace kamisado::solver
