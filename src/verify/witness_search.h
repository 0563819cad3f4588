// One Z3 search for an edge-case position, the same for every kind of witness (witnesses.h,
// push_witnesses.h): a fresh context (a z3::context is never shared between threads), a solver
// seeded 0 so that every run finds the same witnesses and reports compare, an optional timeout,
// the case's rules and constraints added by `setup`; then the three answers. A model goes to
// `judge`, which builds the position and says whether the engine agrees with the rules there.
// Verdicts: "found" (the engine agrees), "disagrees", "impossible" (no such position), or
// "unknown" (the timeout came first).
#pragma once

#include <chrono>
#include <string>

#include <z3++.h>

namespace kamisado::verify {

struct WitnessOutcome {
  std::string verdict;
  double seconds = 0;
};

// setup(ctx, solver) adds the constraints and returns what judge needs; judge(model, that) -> bool.
template <class Setup, class Judge>
WitnessOutcome search_witness(unsigned timeout_ms, Setup setup, Judge judge) {
  const auto t0 = std::chrono::steady_clock::now();
  z3::context ctx;
  z3::solver s(ctx);
  z3::params p(ctx);
  p.set("random_seed", 0u);
  if (timeout_ms) p.set("timeout", timeout_ms);
  s.set(p);
  auto state = setup(ctx, s);
  WitnessOutcome out;
  switch (s.check()) {
    case z3::unsat: out.verdict = "impossible"; break;
    case z3::unknown: out.verdict = "unknown"; break;
    case z3::sat: out.verdict = judge(s.get_model(), state) ? "found" : "disagrees"; break;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace kamisado::verify
