// Deliberate rule errors, for the tests that show a check can fail: compiled in only in a test
// build of the rules (tests/CMakeLists.txt, kamisado_mutant_tests, with KAMISADO_MUTANTS), and
// off until a test turns one on. The engine proper has none of this.
#pragma once

#ifdef KAMISADO_MUTANTS
namespace kamisado::mutants {

enum class Mutant {
  None,
  RingValue,      // P2 wrong: a ring on a tower of rank 0 is worth 2 points, not 1
  FillDirection,  // F2 wrong: the Challenger fills by the board's side, not his own
};
inline Mutant active = Mutant::None;

}  // namespace kamisado::mutants
#endif
