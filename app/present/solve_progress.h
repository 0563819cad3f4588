// A proof search as its user follows it (solve): its progress and a resumed checkpoint, each one
// line for stderr.
#pragma once

#include <string>

#include "solver/proof/certify.h"
#include "solver/proof/checkpoint.h"
#include "solver/search/dfpn.h"

namespace kamisado::present {

std::string solve_progress_line(const solver::SolveProgress& p);
std::string resuming_line(const std::string& checkpoint, const solver::CheckpointHeader& saved);
// Why no proof was written when one was asked for and the limits stopped the search.
std::string stopped_before_proof_line(const solver::Certified& proved);

}  // namespace kamisado::present
