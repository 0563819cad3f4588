// Certify: the one pipeline from a position to a checked certificate, for every command that
// proves something (solve, opening, the regrouped sample, the match study, the census, the
// puzzles' certificates):
//
//   prove   df-pn: who wins, and (unless value_only) the exact distance   (search/solve.h)
//   tree    the proof tree that the winner wins within that distance       (proof_tree.h)
//   check   the tree re-verified by the checker, move generator alone      (proof_check.h)
//   write   the tree to a proof file, and its top levels for Graphviz      (certificate_files.h)
//
// Each step runs only if asked for and if the one before it succeeded; the result says how far
// it got. A search stopped by its limits gives a value of Unknown (an answer: "unknown"),
// never a guess, and no tree is written then. The pipeline does no I/O of its own: the files
// (the proof, its drawing, the checkpoint) go through options.files, written atomically there.
// A user's question (a goal as text, limits, what to prove) comes in as a SolveRequest
// (solve_request.h), which every client asks the same way.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "solver/proof/checkpoint.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_tree.h"
#include "solver/search/goal.h"
#include "solver/search/solve.h"

namespace kamisado::solver {

class CertificateFiles;

struct CertifyOptions {
  SolveLimits limits;
  Aim aim = Aim::round();   // what is proved: the round, the match, a ring goal (aim.h)
  bool value_only = false;  // prove who wins only; a tree is then built within the proved bound
  bool tree = true;         // build the proof tree
  bool check = true;        // and check it
  std::string proof_path;   // and write it here, if not empty
  std::string dot_path;     // and its top levels, as a Graphviz graph, here
  int dot_depth = 3;
  // If not empty, the search saves its table here every `checkpoint_seconds` and when it is
  // stopped, and resumes from it if it is there (proof/checkpoint.h). The run holds the
  // checkpoint's lock (io/run_lock.h) throughout: a second run on it is refused at once.
  std::string checkpoint;
  double checkpoint_seconds = 600;
  // Called once a checkpoint was read whole and the search resumes from it (for a message).
  std::function<void(const CheckpointHeader&)> resuming;
  // Where the files above go (certificate_files.h: disk_files()); none may be named without it.
  const CertificateFiles* files = nullptr;
};

struct Certified {
  SolveResult result;
  Side winner = Side::Black;                // when result.value is known
  std::optional<ProofTree> tree;            // when asked for and built
  std::optional<ProofCheck> check;          // when asked for and a tree was built
  double tree_seconds = 0;                  // building the tree
  double seconds = 0;                       // all of it (search, tree, check, write)
  bool by_mirror = false;                   // the tree is the mirror image of another's (B3)
  std::size_t proof_nodes = 0;              // the tree's positions (kept when the tree is freed)
  bool proof_compressed = false;            // the proof file was written zstd-compressed (proof_io.h)
  std::optional<CheckpointHeader> resumed;  // the checkpoint this run resumed from
  std::uint64_t checkpoint_saves = 0;       // saves by this run
  bool checked() const { return check && check->holds; }
  std::string failure() const;  // why the certificate is missing or rejected, else ""
};

// Proves `pos` with `table` (which may hold what earlier searches proved) and certifies it. With
// a checkpoint, `table` must be of the checkpoint's size (CheckpointHeader::table_mb).
Certified certify(const Position& pos, TranspositionTable& table, const CertifyOptions& options);

// The last two steps, for a tree built otherwise (a puzzle's certificate, puzzles/certificate.h):
// checks c.tree if options.check, then writes it where options say, unless its check failed (a
// rejected certificate is reported, never written).
void seal(Certified& c, const CertifyOptions& options);

// The mirror image's certificate (B3): the same value and distance, the best move mirrored, and
// the tree replayed on the mirrored board, checked afresh and written to `proof_path` in `files`.
Certified certify_mirror(const Certified& original, const std::string& proof_path, const CertificateFiles* files);

}  // namespace kamisado::solver
