// The rules engine checked against the facts of rules.md that need no search tree of their
// own: the board colouring (B3), the reference perft counts and forced passes (§7), the
// symmetries, and the KFEN round trip. `kamisado selfcheck` runs them; a failure is a bug.
#pragma once

#include <string>
#include <vector>

namespace kamisado::verify {

struct SelfCheckResult {
  std::string name;
  std::string problem;  // empty when the fact holds, else what went wrong
  bool holds() const { return problem.empty(); }
};

std::vector<SelfCheckResult> run_selfcheck();

}  // namespace kamisado::verify
