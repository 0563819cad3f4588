#include "solver/proof/certify.h"

#include <chrono>
#include <sstream>

#include "io/files.h"
#include "io/progress.h"
#include "solver/proof/proof_dot.h"
#include "solver/proof/proof_file.h"

namespace kamisado::solver {

void seal(Certified& c, const CertifyOptions& options) {
  if (!c.tree) return;
  c.proof_nodes = c.tree->nodes.size();
  if (options.check) c.check = check_proof(*c.tree);
  if (c.check && !c.check->holds) return;
  if (!options.proof_path.empty()) write_proof_file(*c.tree, options.proof_path);
  if (!options.dot_path.empty()) {
    std::ostringstream text;
    write_proof_dot(*c.tree, options.dot_depth, text);
    io::write_file_atomically(options.dot_path, text.str());
  }
}

std::string Certified::failure() const {
  if (!tree) return "the proof tree could not be built";
  if (check && !check->holds) return check->failure;
  return "";
}

void write_proof_file(const ProofTree& tree, const std::string& path) {
  std::ostringstream text;
  write_proof(tree, text);
  io::write_file_atomically(path, text.str());
}

Certified certify(const Position& pos, TranspositionTable& table, const CertifyOptions& options) {
  auto t0 = std::chrono::steady_clock::now();
  Certified c;
  c.result = solve(pos, options.limits, table, !options.value_only, options.aim);
  if (c.result.value == Value::Unknown) return c;
  c.winner = winner(c.result, pos);
  if (!options.tree || (!c.result.distance_known && !options.value_only)) return c;
  Prover prover(table, options.limits);
  // Without the exact distance the tree is built within the bound the search proved.
  Distance budget = c.result.distance_known ? c.result.plies : prover.known(pos, c.winner, Metric::Plies, options.aim).at_most;
  c.tree = build_proof(prover, pos, c.winner, budget, Metric::Plies, std::nullopt, options.aim);
  c.tree_seconds = prover.seconds();
  seal(c, options);
  c.seconds = io::seconds_since(t0);
  return c;
}

Certified certify_mirror(const Certified& original, const std::string& proof_path) {
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
  seal(c, options);
  c.seconds = io::seconds_since(t0);
  return c;
}

}  // namespace kamisado::solver
