#include "solver/proof/certify.h"

#include <chrono>

#include <memory>
#include <stdexcept>

#include "solver/proof/certificate_files.h"
#include "solver/search/goal.h"
#include "src/io/progress.h"
#include "src/kamisado/kfen.h"

namespace kamisado::solver {

void seal(Certified& c, const CertifyOptions& options) {
  if (!c.tree) return;
  c.proof_nodes = c.tree->nodes.size();
  if (options.check) c.check = check_proof(*c.tree);
  if (c.check && !c.check->holds) return;
  if ((!options.proof_path.empty() || !options.dot_path.empty()) && !options.files) throw std::logic_error("a proof file asked for without files");
  if (!options.proof_path.empty()) c.proof_compressed = options.files->write_proof(*c.tree, options.proof_path);
  if (!options.dot_path.empty()) options.files->write_dot(*c.tree, options.dot_depth, options.dot_path);
}

std::string Certified::failure() const {
  if (!tree) return "the proof tree could not be built";
  if (check && !check->holds) return check->failure;
  return "";
}

Certified certify(const Position& pos, TranspositionTable& table, const CertifyOptions& options) {
  auto t0 = std::chrono::steady_clock::now();
  Certified c;
  SolveLimits limits = options.limits;
  CheckpointHeader saved;
  saved.kfen = to_kfen(pos), saved.goal = aim_id(options.aim), saved.table_mb = options.limits.hash_mb;
  // What the runs before this one and this run's finished searches did: a search's progress
  // counts only its own nodes.
  std::uint64_t nodes_before = 0;
  double seconds_before = 0;
  std::unique_ptr<HeldCheckpoint> held;  // the checkpoint, held for this run
  auto save = [&](std::uint64_t nodes, double seconds, ProofNumbers root) {
    saved.nodes = nodes_before + nodes, saved.seconds = seconds_before + seconds, ++saved.saves;
    saved.history.push_back({saved.seconds, saved.nodes, root.pn, root.dn, 100.0 * table.fill()});
    held->save(table, saved);
    ++c.checkpoint_saves;
  };
  if (!options.checkpoint.empty()) {
    if (!options.files) throw std::logic_error("a checkpoint asked for without the files to keep it");
    held = options.files->hold_checkpoint(options.checkpoint);
    if ((c.resumed = held->resume(table, saved))) {
      saved = *c.resumed;
      nodes_before = saved.nodes, seconds_before = saved.seconds;
      if (options.resuming) options.resuming(saved);
    }
    auto last = std::chrono::steady_clock::now();
    limits.progress = [&, last](const SolveProgress& p) mutable {
      if (options.limits.progress) options.limits.progress(p);
      if (io::seconds_since(last) < options.checkpoint_seconds) return;
      save(p.nodes, p.seconds, {p.root_pn, p.root_dn});
      last = std::chrono::steady_clock::now();
    };
  }
  c.result = solve(pos, limits, table, !options.value_only, options.aim);
  // Stopped (its limits or Ctrl-C) before the value, or the distance asked for, was proved:
  // everything learned so far is kept for the next run.
  const bool incomplete = c.result.value == Value::Unknown || (!options.value_only && !c.result.distance_known);
  if (!options.checkpoint.empty() && incomplete) save(c.result.nodes, c.result.seconds, {c.result.root_pn, c.result.root_dn});
  nodes_before += c.result.nodes, seconds_before += c.result.seconds;
  if (c.result.value == Value::Unknown) return c;
  c.winner = winner(c.result, pos);
  if (!options.tree || (!c.result.distance_known && !options.value_only)) return c;
  Prover prover(table, limits);
  // Without the exact distance the tree is built within the bound the search proved.
  Distance budget = c.result.distance_known ? c.result.plies : prover.known(pos, c.winner, Metric::Plies, options.aim).at_most;
  c.tree = build_proof(prover, pos, c.winner, budget, Metric::Plies, std::nullopt, options.aim);
  c.tree_seconds = prover.seconds();
  seal(c, options);
  c.seconds = io::seconds_since(t0);
  return c;
}

Certified certify_mirror(const Certified& original, const std::string& proof_path, const CertificateFiles* files) {
  auto t0 = std::chrono::steady_clock::now();
  Certified c;
  c.result = original.result;
  c.result.nodes = 0;
  c.result.seconds = 0;
  if (original.result.best) c.result.best = mirror(*original.result.best);
  c.winner = original.winner;
  c.by_mirror = true;
  if (original.tree) c.tree = mirror_proof(*original.tree);
  CertifyOptions options;
  options.proof_path = proof_path;
  options.files = files;
  seal(c, options);
  c.seconds = io::seconds_since(t0);
  return c;
}

}  // namespace kamisado::solver
