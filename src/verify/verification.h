// `kamisado verify` as one run: the Z3 checks (checks.h), then the edge-case witnesses found by
// Z3 and compared with the engine (witnesses.h, push_witnesses.h), and the witnesses as a
// conformance corpus (a file format: src/conform/corpus.h). Its report (reports/verification.md)
// and its JSON are the presentation layer's: app/present/verification_report.h.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "src/io/progress.h"
#include "src/verify/checks.h"
#include "src/verify/push_witnesses.h"
#include "src/verify/witnesses.h"

namespace kamisado::verify {

struct VerifyOptions {
  std::vector<std::string> checks;  // empty: all of them
  bool witnesses = true;
  double cycle_timeout = 20;  // seconds for each longest-deadlock-cycle query
};

struct VerifyRun {
  std::vector<CheckResult> results;
  std::vector<Witness> witnesses;
  std::vector<PushWitness> pushes;
  double seconds = 0;
  bool all_proved = true;  // every check proved, no witness disagrees
};

// Throws InputError for an unknown check. `lines` hears each result as it comes.
VerifyRun run_verification(const VerifyOptions& options, const io::Lines& lines = {});
// The witnesses found, as a conformance corpus (conform/corpus.h) for other engines.
nlohmann::json witness_corpus(const VerifyRun& run);

}  // namespace kamisado::verify
