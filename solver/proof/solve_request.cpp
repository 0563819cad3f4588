#include "solver/proof/solve_request.h"

#include <memory>

#include "src/kamisado/errors.h"

namespace kamisado::solver {

SolveAnswer answer_solve(const Position& pos, const SolveRequest& r, TranspositionTable* table) {
  SolveAnswer a;
  CertifyOptions& c = a.options = r.certify;
  c.aim = parse_aim(r.goal, pos);
  c.tree = c.tree || c.check || !c.proof_path.empty() || !c.dot_path.empty();
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
