#include "solver/proof/certificate_files.h"

#include <sstream>

#include "solver/proof/certify.h"
#include "solver/proof/proof_dot.h"
#include "solver/proof/proof_io.h"
#include "solver/search/goal.h"
#include "src/io/files.h"
#include "src/io/run_lock.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

namespace {

class DiskCheckpoint : public HeldCheckpoint {
 public:
  explicit DiskCheckpoint(std::string path) : path_(std::move(path)), lock_(io::RunLock::on_file(path_, "search with this checkpoint")) {}
  std::optional<CheckpointHeader> resume(TranspositionTable& table, const CheckpointHeader& expected) override {
    if (!read_checkpoint_header(path_)) return std::nullopt;
    return load_checkpoint(path_, table, expected.kfen, expected.goal);
  }
  void save(const TranspositionTable& table, const CheckpointHeader& header) override { save_checkpoint(path_, table, header); }

 private:
  std::string path_;
  io::RunLock lock_;
};

class DiskFiles : public CertificateFiles {
 public:
  std::unique_ptr<HeldCheckpoint> hold_checkpoint(const std::string& path) const override { return std::make_unique<DiskCheckpoint>(path); }
  void adopt_checkpoint(CertifyOptions& o, const Position& root, std::optional<std::size_t> table_mb_asked) const override {
    if (o.checkpoint.empty()) return;
    const std::optional<CheckpointHeader> saved = read_checkpoint_header(o.checkpoint);
    if (!saved) return;
    o.limits.hash_mb = table_mb_asked.value_or(saved->table_mb);
    check_checkpoint(*saved, o.checkpoint, to_kfen(root), aim_id(o.aim), o.limits.hash_mb);
  }
  bool write_proof(const ProofTree& tree, const std::string& path) const override { return write_proof_file(tree, path); }
  void write_dot(const ProofTree& tree, int depth, const std::string& path) const override {
    std::ostringstream text;
    write_proof_dot(tree, depth, text);
    io::write_file_atomically(path, text.str());
  }
};

}  // namespace

const CertificateFiles& disk_files() {
  static const DiskFiles files;
  return files;
}

}  // namespace kamisado::solver
