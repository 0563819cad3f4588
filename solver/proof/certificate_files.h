// Where a certified search's files go (certify.h): the checkpoint it resumes from and saves to
// (checkpoint.h, one run at a time on it: io/run_lock.h), the proof tree (proof_io.h) and its top
// levels drawn for Graphviz (proof_dot.h). The pipeline itself does no I/O: a caller that names
// files hands it disk_files(); one that names none (the server's proofs, the bindings, the
// WebAssembly build, which has neither files nor zstd) hands it nothing, and a file asked for
// then is a bug of the caller's, not a silent skip.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "solver/proof/checkpoint.h"
#include "solver/proof/proof_tree.h"
#include "solver/search/transposition_table.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

struct CertifyOptions;

// A checkpoint held for one run (its lock taken), from which the run resumes and to which it saves.
class HeldCheckpoint {
 public:
  virtual ~HeldCheckpoint() = default;
  // What was saved there, read into `table` (refused unless it is `expected`'s search), if anything.
  virtual std::optional<CheckpointHeader> resume(TranspositionTable& table, const CheckpointHeader& expected) = 0;
  virtual void save(const TranspositionTable& table, const CheckpointHeader& header) = 0;
};

class CertificateFiles {
 public:
  virtual ~CertificateFiles() = default;
  // The checkpoint at `path`, held until the result is dropped (a second run on it is refused).
  virtual std::unique_ptr<HeldCheckpoint> hold_checkpoint(const std::string& path) const = 0;
  // A search to be resumed from options.checkpoint, if that file is there: its header is read
  // and checked against `root` and options.aim (a checkpoint of another position or goal is
  // refused, InputError), and the table takes the checkpoint's size unless a size was asked for
  // (`table_mb_asked`), which must then be the checkpoint's (InputError, field "hash").
  virtual void adopt_checkpoint(CertifyOptions& options, const Position& root, std::optional<std::size_t> table_mb_asked) const = 0;
  // The tree written to `path` (atomically); true if it was written zstd-compressed.
  virtual bool write_proof(const ProofTree& tree, const std::string& path) const = 0;
  // Its top `depth` levels as a Graphviz graph, written to `path`.
  virtual void write_dot(const ProofTree& tree, int depth, const std::string& path) const = 0;
};

// The files on this machine's disk.
const CertificateFiles& disk_files();

}  // namespace kamisado::solver
