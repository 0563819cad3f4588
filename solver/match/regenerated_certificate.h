// A match certificate that keeps its root's layer, its round-start table and a list of the other
// layers, which the check makes again from the table (issue 43): some MB where stored layers
// weigh GB.
//
// FOLDER LAYOUT
//   DIR/root.proof        the root's layer, stored (match_certificate.h)
//   DIR/table.starts      the round-start table the other layers are made from
//                         (starts/round_start_table.h), a copy of the run's
//   DIR/layers.txt        the list of the other layers: for each start, its value, digest and
//                         leaves (layer_list.h)
//   DIR/starts/<key>.proof  optional: a layer stored after all, checked as read instead of made
//   DIR/.kamisado-files   the ledger of the files the tool wrote (io/output_folder.h)
//
// THE WRITER makes every layer the proof needs from the table, depth by depth from the root's
// leaves, as the check will (regenerated_layer.h), and lists each with its digest; it commits the
// list every few minutes, so that a stopped writer goes on from the layers it listed. It proves
// nothing the table lacks: where the table's starts give a start's winner no proof, it stops and
// names the start (prove it with `solve --by-rounds --starts`, then write the certificate anew).
//
// THE CHECK trusts no search and no table value: the table only steers the searches that make the
// layers, and every layer made is checked by the move generator (proof/proof_check.h).
//   - root.proof is checked as a proof tree; its root and winner must be the list's;
//   - every start a layer ends at (the root's and the listed layers') has a listed layer that
//     proves the value the leaf needs, and every listed layer is reached from the root;
//   - each listed layer is made again (or read, if stored) and must have its listed digest,
//     positions and leaves, and check as a proof tree of its start's class (B3: the key names the
//     class, whose representative is the layer's root);
//   - table.starts must be the file the list names (its XXH64): the layers were made from it.
// A failure names the file, the line or layer, and what is wrong, in one line. The layers are
// checked on threads (the first failure in the list's order is the one named, on any number of
// threads), and a journal (optional) records each layer checked, so that a stopped check goes on
// from it: the journal is the check's own record, trusted as the check's, and names the list by
// its digest so that a journal of another list is refused.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "solver/match/match_certificate.h"
#include "src/io/progress.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

struct RegenerationOptions {
  std::size_t hash_mb = 256;  // a layer's search table (a last round's at most 16 MB)
  unsigned threads = 1;
  const std::atomic<bool>* stop = nullptr;  // Ctrl-C: the list so far is committed
  double commit_seconds = 300;
  // Layers listed so far, and layers known to be needed so far (more are found as it goes).
  std::function<void(std::uint64_t listed, std::uint64_t known)> progress;
};

struct RegeneratedWrite {
  std::optional<Side> winner;      // nullopt: stopped first
  std::uint64_t layers = 0;        // listed in all
  std::uint64_t written = 0;       // of which by this run (the rest an earlier run listed)
  std::uint64_t positions = 0;     // of the layers this run made
  std::uint64_t search_nodes = 0;  // of this run's searches
  std::uint64_t table_starts = 0;  // in table.starts
  std::uint64_t stored_bytes = 0;  // root.proof, table.starts and layers.txt as committed
  double seconds = 0;
};

// Writes (or goes on writing) the certificate of who wins the match from `root` into `dir`, from
// the table at `table_path` (copied into the folder; a folder that holds a table already goes on
// with it, and refuses another file's). An InputError if the table does not decide the root, or
// gives some start's winner no proof (above).
RegeneratedWrite write_regenerated_certificate(const Position& root, const std::string& table_path, const std::string& dir,
                                               const RegenerationOptions& options);

// Whether `dir` is a certificate of this kind (it holds a list of layers).
bool is_regenerated_certificate(const std::string& dir);

// How far a check is: layers and their positions checked (counting those a journal holds), of
// the list's. A round-2 layer of the 2-point match holds some 70 times the positions of a
// round-3 one, so the positions say the time left, not the layers.
struct ListedCheckProgress {
  std::uint64_t layers_done = 0, layers = 0, positions_done = 0, positions = 0, from_journal = 0;
};

// Checks it whole (above). `journal`: a file (made if missing) recording the layers checked, to
// go on from after a stop; empty: none. `progress`: after each layer checked.
MatchCertificateCheck check_regenerated_certificate(const std::string& dir, unsigned threads, const std::string& journal,
                                                    const std::function<void(const ListedCheckProgress&)>& progress = {},
                                                    const std::atomic<bool>* stop = nullptr);

// The same check across the ranks of an MPI job (`mpirun -np N kamisado check-proof DIR --mpi`,
// or srun; on the one MPI runner, run/mpi_runner.h), every rank reading DIR at the same path:
// rank 0 reads the root's layer, the list, the table and the journal and checks the spine; each
// listed layer is a job, made and checked on another rank (a rank whose list is not rank 0's
// fails, naming it), so the verdict and the first failure named are the ones of one process.
// Called by every rank: rank 0 returns the check, the others nullopt when it is over. Fewer than
// 2 ranks is an InputError.
std::optional<MatchCertificateCheck> check_regenerated_certificate_on_ranks(const std::string& dir, const std::string& journal,
                                                                            const std::function<void(const ListedCheckProgress&)>& progress = {},
                                                                            const std::atomic<bool>* stop = nullptr);

// The check of a certificate's folder of either kind: listed layers (above) or stored ones
// (match_certificate.h), with progress lines (the layers checked, and for a list the time left).
struct CertificateCheckOptions {
  unsigned threads = 1;
  std::string journal;  // listed layers only: an InputError with a folder of stored layers
  io::Lines lines;
  const std::atomic<bool>* stop = nullptr;
  bool mpi = false;  // listed layers only: across the MPI job's ranks (threads unused)
};
// nullopt only with `mpi`, on a rank other than 0 (rank 0 answers).
std::optional<MatchCertificateCheck> check_certificate_folder(const std::string& dir, const CertificateCheckOptions& options);

}  // namespace kamisado::solver
