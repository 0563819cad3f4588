#include "solver/match/regenerated_certificate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>
#include <xxhash.h>

#include "solver/match/layer_list.h"
#include "solver/match/regenerated_layer.h"
#include "solver/match/tree_certificate.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_io.h"
#include "solver/search/transposition_table.h"
#include "solver/starts/round_start_table.h"
#include "src/io/files.h"
#include "src/io/output_folder.h"
#include "src/kamisado/errors.h"
#include "src/kamisado/kfen.h"
#include "src/run/mpi_runner.h"
#include "src/run/worker_pool.h"

namespace kamisado::solver {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr const char* kWriter = "solve --by-rounds --certificate --regenerate-layers";
constexpr const char* kJournalMagic = "kamisado-check-journal 1";

std::string path_in(const std::string& dir, const std::string& name) { return (fs::path(dir) / name).string(); }
std::uint64_t size_of(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  return ec ? 0 : size;
}

const char* mover(bool first) { return first ? "the side moving first" : "the side moving second"; }

// The leaves at round starts of a layer that checked (their node ids from the check).
std::vector<LayerLeaf> checked_leaves(const ProofTree& tree, const ProofCheck& check) {
  std::vector<Position> starts;
  for (std::uint32_t id : check.round_starts) starts.push_back(parse_kfen(tree.nodes[id].kfen));
  return leaves_of(starts, tree.winner);
}

}  // namespace

bool is_regenerated_certificate(const std::string& dir) {
  std::error_code ec;
  return fs::exists(path_in(dir, kLayerList), ec);
}

// ---- The writer ----

namespace {

class Writer {
 public:
  Writer(const Position& root, const std::string& dir, const RegenerationOptions& options)
      : root_(root), options_(options), folder_(dir, kWriter), last_commit_(Clock::now()) {
    folder_.claim({kRootLayer, kLayerTable, kLayerList});
  }

  RegeneratedWrite run(const std::string& table_path) {
    const auto begin = Clock::now();
    read_table(table_path);
    if (const std::optional<ProofTree> root = root_layer()) {
      start_list(*root);
      if (!list_.finished) list_layers(leaves_of(layer_round_starts(*root), root->winner));
      if (!stopped()) list_.finished = true;
      commit();
      if (list_.finished) w_.winner = root->winner;
    }
    w_.layers = list_.layers.size();
    w_.table_starts = table_.size();
    for (const char* name : {kRootLayer, kLayerTable, kLayerList}) w_.stored_bytes += size_of(path_in(folder_.dir(), name));
    w_.seconds = io::seconds_since(begin);
    return w_;
  }

 private:
  bool stopped() const { return options_.stop && options_.stop->load(); }

  // The folder's table if it holds one (a writer going on), else the run's, copied in.
  void read_table(const std::string& table_path) {
    const std::string mine = path_in(folder_.dir(), kLayerTable);
    if (folder_.holds(kLayerTable)) {
      table_bytes_ = io::read_file(mine, "the certificate's round-start table");
      if (!table_path.empty() && round_start_table_bytes(table_path) != table_bytes_)
        throw InputError(
            fmt::format("{}: the certificate's layers are made from the table it holds, not from {}: write to a new folder", mine, table_path));
    } else {
      if (table_path.empty()) throw InputError("layers made again are made from a round-start table: name one", "starts");
      table_bytes_ = round_start_table_bytes(table_path);  // a run on ranks' shards merged in
      decode_round_starts(table_bytes_, table_path);       // a file that is no table is refused before it is copied in
      folder_.put(kLayerTable, table_bytes_);
      folder_.commit();
    }
    table_ = decode_round_starts(table_bytes_, mine);
  }

  // The root's layer: kept from an earlier run (checked again), or made from the table.
  std::optional<ProofTree> root_layer() {
    const std::string path = path_in(folder_.dir(), kRootLayer);
    if (folder_.holds(kRootLayer)) {
      CheckedLayer kept;
      if (const std::optional<std::string> failure = read_checked_layer(path, kept))
        throw InputError(*failure + "; remove the folder and write it again");
      if (kept.tree.nodes[0].kfen != to_kfen(root_))
        throw InputError(fmt::format("{}: the layer of another root ({}): write to a new folder", path, kept.tree.nodes[0].kfen));
      return kept.tree;
    }
    std::vector<Side> sides{root_.side_to_move(), ~root_.side_to_move()};
    if (const std::optional<RoundStart> s = round_start_of(root_))
      if (const std::optional<RoundStartValue> v = table_.find(*s)) sides = {winner_at(root_, v->first_mover_wins)};
    SearchTables tables;
    for (Side side : sides) {
      std::uint64_t nodes = 0;
      std::optional<RoundLayer> layer = regenerate_layer(root_, side, table_, tables.of(options_.hash_mb), options_.stop, &nodes);
      w_.search_nodes += nodes;
      if (stopped()) return std::nullopt;
      if (layer) {
        write_proof_file(layer->tree, folder_.staged_path(kRootLayer), true);
        folder_.commit();
        w_.positions += layer->tree.nodes.size();
        return std::move(layer->tree);
      }
    }
    throw InputError(fmt::format("{}: its starts decide no winner of the match from {}: prove it first (solve --by-rounds --starts FILE)",
                                 path_in(folder_.dir(), kLayerTable), to_kfen(root_)));
  }

  // The list an earlier run began, or a new one.
  void start_list(const ProofTree& root) {
    const std::string path = path_in(folder_.dir(), kLayerList);
    const std::uint64_t table_digest = XXH64(table_bytes_.data(), table_bytes_.size(), 0);
    if (folder_.holds(kLayerList)) {
      list_ = decode_layer_list(io::read_file(path, "list of layers"), path);
      if (list_.root_kfen != to_kfen(root_) || list_.winner != root.winner || list_.table_digest != table_digest)
        throw InputError(fmt::format("{}: the list of another certificate (its root, winner or table differs): write to a new folder", path));
      for (std::size_t i = 0; i < list_.layers.size(); ++i) listed_.emplace(list_.layers[i].key, i);
      return;
    }
    list_.root_kfen = to_kfen(root_);
    list_.winner = root.winner;
    list_.table_digest = table_digest;
    list_.table_starts = table_.size();
  }

  // Depth by depth from the root's leaves: the layers of the starts not listed yet are made (on
  // the threads) and listed; the next depth is the starts their layers end at, each class once.
  void list_layers(std::vector<LayerLeaf> level) {
    std::map<RoundStartKey, bool> needed;  // every start met, with the value its leaves need
    for (const LayerLeaf& leaf : level) needed.emplace(leaf.key, leaf.first_mover_wins);
    const unsigned workers = std::max(1u, options_.threads);
    std::vector<SearchTables> tables(workers);
    while (!level.empty() && !stopped()) {
      std::vector<std::size_t> todo;
      for (std::size_t i = 0; i < level.size(); ++i)
        if (!listed_.count(level[i].key)) todo.push_back(i);
      known_ = list_.layers.size() + todo.size();
      run::for_each_item(todo.size(), std::min<std::size_t>(workers, std::max<std::size_t>(1, todo.size())), [&](std::size_t j, unsigned worker) {
        if (stopped()) return false;
        return make_layer(level[todo[j]], tables[worker]);
      });
      if (stopped()) return;
      std::vector<LayerLeaf> next;
      for (const LayerLeaf& leaf : level)
        for (const LayerLeaf& l : list_.layers[listed_.at(leaf.key)].leaves) {
          const auto [it, fresh] = needed.emplace(l.key, l.first_mover_wins);
          if (fresh)
            next.push_back(l);
          else if (it->second != l.first_mover_wins)
            throw InputError(fmt::format("{}: the layers made from the table need the round start of class {} won by each side: the table is wrong",
                                         path_in(folder_.dir(), kLayerTable), l.key.hex()));
        }
      level = std::move(next);
    }
  }

  bool make_layer(const LayerLeaf& leaf, SearchTables& tables) {
    std::uint64_t nodes = 0;
    std::optional<ListedLayer> made = regenerate_listed_layer(leaf, table_, options_.hash_mb, tables, options_.stop, &nodes);
    if (!made) {
      if (stopped()) return false;
      throw InputError(
          fmt::format("{}: its starts give {} no proof of the round start {} (class {}): prove it with solve --by-rounds --starts "
                      "FILE, then write the certificate to a new folder",
                      path_in(folder_.dir(), kLayerTable), mover(leaf.first_mover_wins), to_kfen(start_of_class(leaf.key)), leaf.key.hex()));
    }
    std::lock_guard lock(mutex_);
    ++w_.written, w_.positions += made->nodes, w_.search_nodes += nodes;
    listed_.emplace(made->key, list_.layers.size());
    list_.layers.push_back(std::move(*made));
    if (options_.progress) options_.progress(list_.layers.size(), known_);
    if (io::seconds_since(last_commit_) >= options_.commit_seconds) commit();
    return true;
  }

  void commit() {
    folder_.put(kLayerList, encode_layer_list(list_));
    folder_.commit();
    last_commit_ = Clock::now();
  }

  Position root_;
  const RegenerationOptions& options_;
  io::FolderWrite folder_;
  std::string table_bytes_;
  RoundStartTable table_;
  LayerList list_;
  std::map<RoundStartKey, std::size_t> listed_;  // index in list_.layers
  std::uint64_t known_ = 0;
  std::mutex mutex_;
  Clock::time_point last_commit_;
  RegeneratedWrite w_;
};

}  // namespace

RegeneratedWrite write_regenerated_certificate(const Position& root, const std::string& table_path, const std::string& dir,
                                               const RegenerationOptions& options) {
  return Writer(root, dir, options).run(table_path);
}

// ---- The check ----

namespace {

struct Failure {
  std::string what;
};

// What making and checking one listed layer came to, on a thread here or on another rank.
struct LayerVerdict {
  bool done = true;  // false: never done (the run stopped before a rank was free for it)
  std::optional<std::string> failure;
  std::uint64_t nodes = 0;  // of its search
  bool stored = false;      // read as stored, not made again
};
using LayerJob = std::function<LayerVerdict(std::size_t index, unsigned worker)>;

class Checker {
 public:
  Checker(const std::string& dir, unsigned threads, const std::string& journal, const std::function<void(const ListedCheckProgress&)>& progress,
          const std::atomic<bool>* stop)
      : dir_(dir), threads_(std::max(1u, threads)), journal_path_(journal), progress_(progress), stop_(stop), tables_(threads_) {
    job_ = [this](std::size_t i, unsigned worker) {
      LayerVerdict v;
      v.failure = check_layer(list_.layers[i], tables_[worker], v);
      return v;
    };
  }

  // The layers made and checked by `workers` at once, each by `job`, in place of this process's
  // threads: the MPI job's other ranks.
  void hand_layers_to(unsigned workers, LayerJob job) { threads_ = std::max(1u, workers), job_ = std::move(job); }

  // A far rank's side: the list and the table read once, then layer by layer as rank 0 asks.
  void read_for_far_rank() {
    try {
      read_list();
      read_table();
    } catch (const Failure& f) {
      throw InputError(f.what);
    }
  }
  std::uint64_t list_digest() const { return XXH64(list_text_.data(), list_text_.size(), 0); }
  std::size_t layers() const { return list_.layers.size(); }
  LayerVerdict check_for_rank_zero(std::size_t i, const std::atomic<bool>& halt) {
    stop_ = &halt;
    return job_(i, 0);
  }

  MatchCertificateCheck run() {
    const auto begin = Clock::now();
    try {
      read_list();
      read_table();
      read_root();
      check_spine();
      check_layers();
      r_.holds = !r_.stopped;
    } catch (const Failure& f) {
      r_.failure = f.what;
      r_.winner.reset();
    }
    for (const char* name : {kRootLayer, kLayerTable, kLayerList}) r_.stored_bytes += size_of(path_in(dir_, name));
    r_.seconds = io::seconds_since(begin);
    return r_;
  }

 private:
  std::string list_path() const { return path_in(dir_, kLayerList); }

  // Where the layer `name` is stored: in the folder, else in the part of the lowest rank of a run
  // on the job tree that stored it (DIR/ranks/R/, layer_list.h); the folder's path if nowhere.
  std::string stored_layer(const std::string& name) {
    const std::string here = path_in(dir_, name);
    std::error_code ec;
    if (fs::exists(here, ec)) return here;
    std::call_once(indexed_, [this] { index_rank_layers(); });
    const auto it = rank_layers_.find(name);
    return it == rank_layers_.end() ? here : it->second;
  }
  void index_rank_layers() {
    std::error_code ec;
    for (const auto& [rank, folder] : rank_layer_folders(dir_)) {
      const fs::path starts = fs::path(folder) / fs::path(start_layer_name({})).parent_path();
      for (const auto& e : fs::directory_iterator(starts, ec)) {
        const fs::path name = fs::path(start_layer_name({})).parent_path() / e.path().filename();
        if (e.path().extension() == ".proof") rank_layers_.emplace(name.generic_string(), e.path().string());
      }
    }
  }

  void read_list() {
    list_text_ = io::read_file(list_path(), "list of layers");
    try {
      list_ = decode_layer_list(list_text_, list_path());
    } catch (const InputError& e) {
      throw Failure{e.what()};
    }
    if (!list_.finished)
      throw Failure{
          fmt::format("{}: unfinished: its writer stopped after {} layers (run the writer again to finish it)", list_path(), list_.layers.size())};
    for (std::size_t i = 0; i < list_.layers.size(); ++i) index_.emplace(list_.layers[i].key, i);
  }

  void read_table() {
    const std::string path = path_in(dir_, kLayerTable);
    std::string bytes;
    try {
      bytes = io::read_file(path, "the certificate's round-start table");
      table_ = decode_round_starts(bytes, path);
    } catch (const InputError& e) {
      throw Failure{e.what()};
    }
    const std::uint64_t digest = XXH64(bytes.data(), bytes.size(), 0);
    if (digest != list_.table_digest)
      throw Failure{fmt::format("{}: not the table the layers were made from (its XXH64 is {:016x}, {} names {:016x})", path, digest, kLayerList,
                                list_.table_digest)};
  }

  void read_root() {
    const std::string path = path_in(dir_, kRootLayer);
    CheckedLayer root;
    if (const std::optional<std::string> failure = read_checked_layer(path, root)) throw Failure{*failure};
    if (root.tree.nodes[0].kfen != list_.root_kfen)
      throw Failure{fmt::format("{}: its root {} is not the list's, {}", path, root.tree.nodes[0].kfen, list_.root_kfen)};
    if (root.tree.winner != list_.winner)
      throw Failure{fmt::format("{}: it proves {} wins, the list says {}", path, side_id(root.tree.winner), side_id(list_.winner))};
    r_.root_kfen = list_.root_kfen;
    r_.winner = root.tree.winner;
    r_.depths.push_back({1, root.check.nodes, size_of(path)});
    root_leaves_ = checked_leaves(root.tree, root.check);
  }

  // Every leaf has a listed layer proving what it needs, depth by depth from the root's leaves,
  // and every listed layer is reached: from the list alone (each layer's leaves are checked
  // against the layer made again, below).
  void check_spine() {
    std::vector<unsigned> depth_of(list_.layers.size(), 0);
    std::vector<std::pair<std::string, LayerLeaf>> level;
    for (const LayerLeaf& leaf : root_leaves_) level.emplace_back(kRootLayer, leaf);
    for (unsigned depth = 2; !level.empty(); ++depth) {
      std::vector<std::pair<std::string, LayerLeaf>> next;
      for (const auto& [parent, leaf] : level) {
        ++r_.leaves_at_starts;
        const auto it = index_.find(leaf.key);
        if (it == index_.end())
          throw Failure{fmt::format("{}: {} ends at the round start of class {}, which has no listed layer", list_path(), parent, leaf.key.hex())};
        const ListedLayer& l = list_.layers[it->second];
        if (l.first_mover_wins != leaf.first_mover_wins)
          throw Failure{fmt::format("{}: {} needs the round start of class {} won by {}, but its layer is listed as won by {}", list_path(), parent,
                                    leaf.key.hex(), mover(leaf.first_mover_wins), mover(l.first_mover_wins))};
        if (depth_of[it->second]) continue;
        depth_of[it->second] = depth;
        if (r_.depths.size() < depth) r_.depths.resize(depth);
        ++r_.depths[depth - 1].layers;
        r_.depths[depth - 1].nodes += l.nodes;
        for (const LayerLeaf& x : l.leaves) next.emplace_back("the layer of " + l.key.hex(), x);
      }
      level = std::move(next);
    }
    for (std::size_t i = 0; i < list_.layers.size(); ++i)
      if (!depth_of[i])
        throw Failure{fmt::format("{}: the layer of {} is listed, but no layer ends at its start", list_path(), list_.layers[i].key.hex())};
  }

  // The journal's layers (checked by an earlier check of this list), and the appender for this one's.
  std::vector<char> open_journal() {
    std::vector<char> done(list_.layers.size(), 0);
    if (journal_path_.empty()) return done;
    const std::string header = fmt::format("{} {:016x}", kJournalMagic, XXH64(list_text_.data(), list_text_.size(), 0));
    std::error_code ec;
    if (fs::exists(journal_path_, ec)) {
      const std::string text = io::read_file(journal_path_, "check journal");
      if (text.rfind(header + "\n", 0) != 0)
        throw InputError(fmt::format("{}: not the journal of a check of this certificate's list: remove it or name another", journal_path_));
      std::size_t at = header.size() + 1;
      for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) {
        unsigned long long i = 0, digest = 0;
        if (std::sscanf(text.c_str() + at, "%llu %llx", &i, &digest) == 2 && i < done.size() && list_.layers[i].digest == digest) done[i] = 1;
      }
    }
    journal_.emplace(journal_path_);
    if (!fs::exists(journal_path_, ec) || fs::file_size(journal_path_, ec) == 0) journal_->add(header);
    return done;
  }

  void check_layers() {
    std::vector<char> done = open_journal();
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < done.size(); ++i)
      if (!done[i]) order.push_back(i);
    r_.from_journal = done.size() - order.size();
    const std::size_t total = list_.layers.size();
    done_ = {r_.from_journal, total, 0, 0, r_.from_journal};
    for (std::size_t i = 0; i < total; ++i) {
      done_.positions += list_.layers[i].nodes;
      if (done[i]) done_.positions_done += list_.layers[i].nodes;
    }
    std::size_t first_failure = std::numeric_limits<std::size_t>::max();
    std::map<std::size_t, std::string> failures;
    std::mutex mutex;
    run::for_each_item(order.size(), unsigned(std::min<std::size_t>(threads_, std::max<std::size_t>(1, order.size()))),
                       [&](std::size_t j, unsigned worker) {
                         const std::size_t i = order[j];
                         {
                           std::lock_guard lock(mutex);
                           if (i > first_failure) return true;  // the list's first failure is named, whatever the threads
                         }
                         if (stop_ && stop_->load()) return false;
                         const LayerVerdict v = job_(i, worker);
                         std::lock_guard lock(mutex);
                         r_.search_nodes += v.nodes;
                         if (!v.done || (stop_ && stop_->load() && v.failure)) return false;  // a search stopped, not a layer refused
                         if (v.failure) {
                           failures.emplace(i, *v.failure);
                           first_failure = std::min(first_failure, i);
                           return true;
                         }
                         ++r_.regenerated, r_.stored += v.stored;
                         if (journal_) journal_->add(fmt::format("{} {:016x}", i, list_.layers[i].digest));
                         done_.layers_done = r_.from_journal + r_.regenerated;
                         done_.positions_done += list_.layers[i].nodes;
                         if (progress_) progress_(done_);
                         return true;
                       });
    if (!failures.empty()) throw Failure{failures.begin()->second};
    r_.stopped = r_.from_journal + r_.regenerated < total;
  }

  // One listed layer, made again (or read, where stored) and checked: its failure, if any.
  // Its search's nodes, and whether it was read as stored, go into `verdict`.
  std::optional<std::string> check_layer(const ListedLayer& l, SearchTables& tables, LayerVerdict& verdict) {
    const std::string name = "the layer of " + l.key.hex();
    std::optional<Position> class_start;
    try {
      class_start = start_of_class(l.key);
    } catch (const InputError& e) {
      return fmt::format("{}: {}", list_path(), e.what());
    }
    const Position& start = *class_start;
    const Side winner = winner_at(start, l.first_mover_wins);
    CheckedLayer made;
    const std::string stored_path = stored_layer(start_layer_name(l.key));
    std::error_code ec;
    const bool stored = verdict.stored = fs::exists(stored_path, ec);  // read and checked as read; else made, and checked below
    if (stored) {
      if (std::optional<std::string> failure = read_checked_layer(stored_path, made)) return failure;
      if (made.tree.nodes[0].kfen != to_kfen(start))
        return fmt::format("{}: its root is not {}, the start of the class {}", stored_path, to_kfen(start), l.key.hex());
    } else {
      std::optional<RoundLayer> layer = regenerate_layer(start, winner, table_, tables.of(l.hash_mb), stop_, &verdict.nodes);
      if (!layer)
        return fmt::format("{}: {}: the table's starts give {} no proof of {} (the list or the table is wrong)", list_path(), name,
                           mover(l.first_mover_wins), to_kfen(start));
      made.tree = std::move(layer->tree);
    }
    if (made.tree.winner != winner)
      return fmt::format("{}: {} proves {} wins it, the list says {}", list_path(), name, side_id(made.tree.winner), mover(l.first_mover_wins));
    const std::uint64_t digest = layer_digest(made.tree);
    if (digest != l.digest)
      return fmt::format("{}: {}: the layer made differs from its digest (made {:016x}, listed {:016x})", list_path(), name, digest, l.digest);
    if (made.tree.nodes.size() != l.nodes) return fmt::format("{}: {}: {} positions, listed {}", list_path(), name, made.tree.nodes.size(), l.nodes);
    if (!stored) {  // after the digest: a layer that differs is named as such, and not checked for nothing
      made.check = check_proof(made.tree);
      if (!made.check.holds) return fmt::format("{}: {}: {}", list_path(), name, made.check.failure);
    }
    if (checked_leaves(made.tree, made.check) != l.leaves) return fmt::format("{}: {} ends at other round starts than it lists", list_path(), name);
    return std::nullopt;
  }

  std::string dir_;
  unsigned threads_;
  std::string journal_path_;
  const std::function<void(const ListedCheckProgress&)>& progress_;
  const std::atomic<bool>* stop_;
  std::vector<SearchTables> tables_;  // a worker's own (a far rank's: worker 0's)
  LayerJob job_;
  std::string list_text_;
  LayerList list_;
  std::map<RoundStartKey, std::size_t> index_;
  std::once_flag indexed_;
  std::map<std::string, std::string> rank_layers_;  // stored_layer's index
  RoundStartTable table_;
  std::vector<LayerLeaf> root_leaves_;
  std::optional<io::LineAppender> journal_;
  ListedCheckProgress done_;  // under check_layers' mutex
  MatchCertificateCheck r_;
};

}  // namespace

MatchCertificateCheck check_regenerated_certificate(const std::string& dir, unsigned threads, const std::string& journal,
                                                    const std::function<void(const ListedCheckProgress&)>& progress, const std::atomic<bool>* stop) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(fmt::format("'{}' is not a folder (a match certificate is one)", dir));
  if (!is_regenerated_certificate(dir))
    throw InputError(fmt::format("'{}' holds no {}: not a certificate whose layers are made again", dir, kLayerList));
  return Checker(dir, threads, journal, progress, stop).run();
}

std::optional<MatchCertificateCheck> check_regenerated_certificate_on_ranks(const std::string& dir, const std::string& journal,
                                                                            const std::function<void(const ListedCheckProgress&)>& progress,
                                                                            const std::atomic<bool>* stop) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec) || !is_regenerated_certificate(dir))
    throw InputError(fmt::format("'{}' holds no {}: check-proof --mpi checks a certificate whose layers are made again", dir, kLayerList));
  std::optional<MatchCertificateCheck> out;
  static const std::function<void(const ListedCheckProgress&)> kSilent;
  std::optional<Checker> far;  // this rank's, when it is not rank 0: the folder read at its first job
  const bool rank_zero = run::run_on_ranks(
      "check-proof",
      [&](run::Ranks& ranks, const std::atomic<bool>& run_stop) {
        Checker checker(dir, 1, journal, progress, &run_stop);
        checker.hand_layers_to(ranks.count(), [&](std::size_t i, unsigned) {
          std::string job;  // the list's digest, so that a rank reading another list says so, and the layer
          run::put(job, checker.list_digest());
          run::put(job, std::uint64_t(i));
          const std::optional<std::string> answer = ranks.run(job, run_stop);
          LayerVerdict v;
          if (!answer) return v.done = false, v;
          std::size_t at = 0;
          v.nodes = run::take<std::uint64_t>(*answer, at);
          v.stored = run::take<std::uint8_t>(*answer, at) != 0;
          if (run::take<std::uint8_t>(*answer, at)) v.failure = answer->substr(at);
          return v;
        });
        out = checker.run();
      },
      [&](const std::string& job, const std::atomic<bool>& halt) {
        if (!far) far.emplace(dir, 1, "", kSilent, &halt), far->read_for_far_rank();
        std::size_t at = 0;
        const auto digest = run::take<std::uint64_t>(job, at);
        const auto i = run::take<std::uint64_t>(job, at);
        if (digest != far->list_digest() || i >= far->layers())
          throw InputError(fmt::format("{}: not the list rank 0 reads (every rank must read the same folder)", path_in(dir, kLayerList)));
        const LayerVerdict v = far->check_for_rank_zero(std::size_t(i), halt);
        std::string answer;
        run::put(answer, v.nodes);
        run::put(answer, std::uint8_t(v.stored ? 1 : 0));
        run::put(answer, std::uint8_t(v.failure ? 1 : 0));
        return answer + v.failure.value_or("");
      },
      stop);
  if (!rank_zero) return std::nullopt;
  return out;
}

std::optional<MatchCertificateCheck> check_certificate_folder(const std::string& dir, const CertificateCheckOptions& options) {
  io::Progress progress(options.lines);
  if (!is_regenerated_certificate(dir)) {
    if (!options.journal.empty())
      throw InputError("a journal goes on with the check of a certificate that lists its layers: " + dir + " stores them", "journal");
    if (options.mpi)
      throw InputError("a check across MPI ranks is of a certificate that lists its layers: " + dir + " stores them (check it on threads)", "mpi");
    return check_match_certificate(
        dir, options.threads, [&](std::uint64_t layers) { progress.tick([&] { return fmt::format("check-proof: {} layers checked", layers); }); });
  }
  std::optional<std::uint64_t> before;  // the positions a journal held: not this run's rate
  const auto said = [&](const ListedCheckProgress& p) {
    if (!before) before = p.positions_done;
    progress.tick([&] {
      return fmt::format("check-proof: {} {} of {} layers, {:.1f}% of {} positions{}, {}",
                         io::progress_bar(double(p.positions_done) / double(p.positions)), p.layers_done, p.layers,
                         100.0 * double(p.positions_done) / double(p.positions), p.positions,
                         p.from_journal ? fmt::format(" ({} layers from the journal)", p.from_journal) : "",
                         io::time_left(progress.elapsed(), p.positions_done - *before, p.positions - *before));
    });
  };
  if (options.mpi) return check_regenerated_certificate_on_ranks(dir, options.journal, said, options.stop);
  return check_regenerated_certificate(dir, options.threads, options.journal, said, options.stop);
}

}  // namespace kamisado::solver
