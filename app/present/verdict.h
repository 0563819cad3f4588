// What a certified answer (certify.h) says, for people and for scripts, in one place: who wins
// and how (the goal's words), the exact distance or what was proved of it, the best move under
// its right name (solve.h: the winner's fastest win, a proved win before the plies are exact,
// the loser's longest defence), a round's stakes when they were asked, the search's effort, the
// checkpoint, the proof tree and its check. `kamisado solve` prints it; its JSON is the shape
// any client of a proved answer reads.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/present/answer.h"
#include "solver/match/regenerated_certificate.h"
#include "solver/proof/certify.h"
#include "solver/proof/proof_check.h"
#include "solver/search/goal.h"
#include "src/kamisado/position.h"

namespace kamisado::present {

// The answer `proved` for `pos`, asked with `options`; `stakes` if they were searched too.
Answer verdict_of(const Position& pos, const solver::CertifyOptions& options, const solver::Certified& proved,
                  const std::optional<solver::RoundStakes>& stakes = std::nullopt);

// A proof file (`path`, read into `tree`) checked by the move generator alone (check-proof).
Answer proof_check_answer(const std::string& path, const solver::ProofTree& tree, const solver::ProofCheck& check);
// kamisado check-proof: the proof file at `path` (proof_file.h), or the match certificate in
// layers its folder holds, checked: Failed if it does not hold, Stopped if stopped first. `options`
// other than lines and stop are a folder's (InputError with a file); nullopt only on an MPI rank
// other than 0 (rank 0 answers).
std::optional<Answer> run_check_proof(const std::string& path, const solver::CertificateCheckOptions& options);

}  // namespace kamisado::present
