#include "src/verify/verification.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "src/conform/corpus.h"
#include "src/io/report.h"
#include "src/kamisado/errors.h"

namespace kamisado::verify {

VerifyRun run_verification(const VerifyOptions& options, const io::Lines& lines) {
  const std::vector<std::string> all = check_ids();
  for (const std::string& id : options.checks)
    if (std::find(all.begin(), all.end(), id) == all.end())
      throw InputError(fmt::format("unknown check '{}'; the checks are {}", id, fmt::join(all, " ")));
  auto say = [&](const std::string& line) {
    if (lines) lines(line);
  };
  VerifyRun run;
  for (const std::string& id : options.checks.empty() ? all : options.checks) {
    CheckResult r = run_check(id, engine_primitives());
    run.seconds += r.seconds;
    run.all_proved &= r.verdict == "proved";
    say(fmt::format("{:<8} {:<12} {:<22} {:>5} queries {:>7.2f} s  {}", r.verdict, r.id, r.rules, r.queries, r.seconds, r.title) +
        (r.counterexample.empty() ? "" : "\n         counterexample: " + r.counterexample));
    run.results.push_back(r);
  }
  if (!options.witnesses) return run;
  say("verify: witnesses...");
  WitnessOptions wo;
  wo.query_timeout_ms = unsigned(options.cycle_timeout * 1000);
  run.witnesses = find_witnesses(engine_chain(), wo);
  run.pushes = find_push_witnesses(engine_after_push(), wo.query_timeout_ms);
  auto tally = [&](const auto& w) {
    run.seconds += w.seconds;
    run.all_proved &= w.verdict != "disagrees";
    say(fmt::format("{:<10} {:<44} {:<4} {:>7.2f} s  {}", w.verdict, w.name, w.rule, w.seconds, w.kfen));
  };
  for (const auto& w : run.witnesses) tally(w);
  for (const auto& w : run.pushes) tally(w);
  return run;
}

nlohmann::json witness_corpus(const VerifyRun& run) {
  std::vector<conform::CorpusCase> cases;
  for (const auto& w : run.witnesses)
    if (!w.kfen.empty()) cases.push_back(conform::expect("Z3 witness: " + w.name, w.rule, w.kfen));
  for (const auto& w : run.pushes)
    if (!w.kfen.empty()) cases.push_back(conform::expect("Z3 witness: " + w.name, w.rule, w.kfen));
  return conform::corpus_to_json(cases);
}

}  // namespace kamisado::verify
