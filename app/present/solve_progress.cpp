#include "app/present/solve_progress.h"

#include <fmt/format.h>

namespace kamisado::present {

std::string solve_progress_line(const solver::SolveProgress& p) {
  return fmt::format("solve: {:.0f} s, {} nodes, root proof {} disproof {}, table {:.0f}% of {} MB", p.seconds, p.nodes, p.root_pn, p.root_dn,
                     100.0 * p.table_fill, p.table_bytes >> 20);
}

std::string resuming_line(const std::string& checkpoint, const solver::CheckpointHeader& saved) {
  return fmt::format("solve: resuming from {} ({} nodes, {:.0f} s, {} saves before this run)", checkpoint, saved.nodes, saved.seconds, saved.saves);
}

std::string stopped_before_proof_line(const solver::Certified& proved) {
  return std::string("solve: stopped before ") +
         (proved.result.value != solver::Value::Unknown ? "the proof tree was complete" : "the value was proved") + "; no proof written";
}

}  // namespace kamisado::present
