// One solve, however it is asked: the command line (kamisado solve), the server's proofs, the
// Python module and the WebAssembly package each fill a SolveRequest and call answer_solve, and
// present what it returns their own way (app/present). A fifth caller does the same.
//
// A request is what a user says: the goal as text (goal.h: round, match, ring:P), the search's
// limits, whether only the value is wanted, whether the proof tree is built, checked, written and
// drawn, a checkpoint to resume from and save to, and the round's stakes. answer_solve reads the
// goal for the position, refuses what does not go together (InputError, its field named), adopts
// the checkpoint's table size, and certifies (certify.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "solver/proof/certificate_files.h"
#include "solver/proof/certify.h"
#include "solver/search/goal.h"
#include "solver/search/solve.h"
#include "src/kamisado/position.h"

namespace kamisado::solver {

// Certify's options for the value and the distance alone: no tree, no check.
inline CertifyOptions search_only() {
  CertifyOptions o;
  o.tree = o.check = false;
  return o;
}

struct SolveRequest {
  std::string goal = "round";  // what counts as a win (goal.h)
  // What to prove and where its files go (certify.h): the limits (hash_mb, the table's size), value
  // only, check, the proof and drawing files and `files` to write them, the checkpoint. Its aim is
  // read from `goal`, and its tree is built wherever a check or a file asks for one: plain, it is
  // the value and the distance alone.
  CertifyOptions certify = search_only();
  std::optional<std::size_t> table_mb_asked;  // the size the user asked for, if any (a checkpoint's is taken otherwise)
  bool stakes = true;                         // at a match round's start, each side's best ring (goal.h)
};

struct SolveAnswer {
  CertifyOptions options;  // what was certified: the aim read from the goal, the limits, the files
  Certified proved;
  std::optional<RoundStakes> stakes;  // when asked for, at a match round's start, unless value_only
};

// The answer to `request` of `pos`, in `table` if given (which may hold what earlier searches
// proved, and must then be of request.limits.hash_mb), else in a table of its own.
SolveAnswer answer_solve(const Position& pos, const SolveRequest& request, TranspositionTable* table = nullptr);

}  // namespace kamisado::solver
