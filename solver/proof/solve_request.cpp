#include "solver/proof/solve_request.h"

#include <memory>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

SolveAnswer answer_solve(const Position& pos, const SolveRequest& r, TranspositionTable* table) {
  SolveAnswer a;
  CertifyOptions& c = a.options;
  c.aim = parse_aim(r.goal, pos);
  c.limits = r.limits;
  c.value_only = r.value_only;
  c.check = r.check;
  c.tree = r.tree || r.check || !r.proof_path.empty() || !r.dot_path.empty();
  c.proof_path = r.proof_path, c.dot_path = r.dot_path, c.dot_depth = r.dot_depth;
  c.checkpoint = r.checkpoint, c.checkpoint_seconds = r.checkpoint_seconds, c.resuming = r.resuming;
  c.files = r.files;
  if (c.tree && c.value_only) throw InputError("who wins alone gives no distance, so no proof tree: ask for one or the other", "value-only");
  if (!c.checkpoint.empty()) {
    if (!c.files) throw std::logic_error("a checkpoint asked for without the files to keep it");
    c.files->adopt_checkpoint(c, pos, r.table_mb_asked);
  }
  std::unique_ptr<TranspositionTable> own;
  if (!table) table = (own = std::make_unique<TranspositionTable>(c.limits.hash_mb)).get();
  a.proved = certify(pos, *table, c);
  if (r.stakes && c.aim.kind == AimKind::Match && pos.turn() == Turn::FreeChoice && !c.value_only) a.stakes = round_stakes(pos, c.limits, *table);
  return a;
}

}  // namespace kamisado::solver
