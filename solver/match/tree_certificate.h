// The certificate of a match proved on the job tree (by_rounds_tree.h, issue 68), written where
// its starts are proved: `mpirun -np N kamisado solve KFEN --goal match --by-rounds --mpi
// --every-level --certificate DIR`.
//
// It is a certificate that lists its layers (regenerated_certificate.h, layer_list.h) whose layers
// are all stored, so that no node makes them again and none holds the whole table:
//   DIR/ranks/R/starts/<key>.proof  rank R's layers: of each start a job proved there (the job's
//                                   own and the starts proved inside it), made from the rank's
//                                   table once the job is proved (regenerated_layer.h: the search
//                                   the check would run), in a folder of its own (ledger, lock)
//   DIR/ranks/R/root.proof          the root's layer, on the rank that proved the root's job
//   DIR/ranks/R/layers.part         rank R's list lines (layer_list.h), one per layer stored
//   DIR/root.proof                  rank 0's copy of the root's layer
//   DIR/table.starts                an empty table where no layer is made again, else CERT's (below)
//   DIR/layers.txt                  the layers reached from the root's, breadth first (rank 0)
//
// ORDER. A rank appends a job's lines, then commits its layers, and only then is the job's value
// sent to the starts' owners: a start that a shard holds has its layer listed and stored, so a run
// killed and started again, which does not prove a shard's starts again, still finds every layer
// it needs. A layer stored is the one its rank's last line of that start describes: a rank keeps
// the layers it listed and stored when it starts again (it reads its part back), and makes again
// those listed but not stored (a kill between the lines and the commit). A line cut short by a
// kill is passed over.
//
// Rank 0 writes the list when the root is proved: each start from the lowest rank that lists and
// stores it, the rank whose layer the check reads. A start reached that no rank stores has its
// value from a table an earlier run saved. With an earlier certificate (`--layers-from CERT`, one
// that lists its layers: regenerated_certificate.h) such a start's layer is CERT's listed layer
// of its class and value, made again from CERT's table when checked; or, where CERT lists none,
// rank 0 makes it from CERT's table now, as CERT's own writer would, and lists it. CERT's table
// is then the certificate's table.starts. Without one, or where CERT's table gives no proof, it
// is an InputError naming the start. Why refer, not copy: the 2-point certificate's 78 025 layers
// are 8 GB stored and 46 minutes to make again; a run going on from its table proves again none
// of the starts it reads back, and makes none of their layers.
// check-proof DIR, or check-proof DIR --mpi, checks it as any listed certificate: each layer is
// read and checked, every leaf's layer listed, every listed layer reached.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "solver/match/regenerated_certificate.h"
#include "solver/starts/round_start_table.h"
#include "src/io/files.h"
#include "src/io/output_folder.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

class LayerFolder;
class SearchTables;

// The folders of the ranks' parts in DIR, DIR/ranks/R, by rank (the lowest first): where the list
// takes each layer from, and the check reads it.
std::map<int, std::string> rank_layer_folders(const std::string& dir);

// A proving rank's part (above).
class RankLayers {
 public:
  RankLayers(const std::string& dir, int rank);
  ~RankLayers();
  // Stores and lists the layers of `starts` (each a class and whether its side moving first wins),
  // and the root's layer when `root` is given, made from `table` with searches of `hash_mb`: a
  // job's, once it is proved. A start this rank listed before is passed over.
  void write(const std::vector<std::pair<RoundStartKey, bool>>& starts, const std::optional<std::pair<Position, Side>>& root,
             const RoundStartTable& table, std::size_t hash_mb, const std::atomic<bool>* stop);
  std::uint64_t layers = 0, positions = 0, search_nodes = 0;  // this run's

 private:
  std::string dir_;
  std::unique_ptr<LayerFolder> folder_;
  std::unique_ptr<SearchTables> tables_;  // kept from job to job (a rank's master has its own as well)
  std::set<RoundStartKey> listed_;
  std::optional<io::LineAppender> part_;
};

// Where a run on the job tree writes its certificate, and where it may take the layers of the
// starts it reads back (above; empty: nowhere).
struct TreeCertificateFolders {
  std::string dir;
  std::string layers_from;
  // Rank 0, as it makes layers CERT does not list: layers made, and known to be needed so far.
  std::function<void(std::uint64_t made, std::uint64_t known)> progress;
};

struct EarlierCertificate;

// Rank 0's part (above): DIR locked and its three files claimed, and CERT's list and table read
// (a list unfinished, or a table not the one it names, refused), when the run begins.
class TreeCertificate {
 public:
  explicit TreeCertificate(const TreeCertificateFolders& folders);
  ~TreeCertificate();
  // The list of the layers reached from the root's, with the root's layer and the table the
  // layers not stored are made from, once the root is proved: the certificate whole. `hash_mb`:
  // the search tables of the layers made here; `stop` (Ctrl-C) set while one is made: nothing
  // written, and no winner.
  RegeneratedWrite finish(const Position& root, Side winner, std::size_t hash_mb, const std::atomic<bool>* stop = nullptr);

 private:
  TreeCertificateFolders folders_;
  std::unique_ptr<EarlierCertificate> earlier_;  // CERT's list and table, read before DIR is claimed
  io::FolderWrite folder_;
};

}  // namespace kamisado::solver
