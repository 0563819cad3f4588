// kamisado selfcheck: the rules engine against rules.md's board facts and perft counts
// (verify/selfcheck.h). A failure is an internal error (exit 1).
#include <algorithm>

#include "app/cli/commands.h"
#include "app/present/rules_commands.h"

namespace kamisado::cli {

namespace {

const CommandText kSelfcheckText{"selfcheck", "Check the rules engine against rules.md's board facts and perft counts",
                                 "Example: kamisado selfcheck"};

struct SelfcheckOptions {};

int selfcheck(const SelfcheckOptions&, Io& io) {
  const auto checks = verify::run_selfcheck();
  const bool held = std::all_of(checks.begin(), checks.end(), [](const verify::SelfCheckResult& c) { return c.holds(); });
  return io.print(present::selfcheck_answer(checks), held ? kOk : kInternalError);
}

}  // namespace

void add_selfcheck(CLI::App& app, Action& action) { command<SelfcheckOptions>(app, action, kSelfcheckText, selfcheck); }

}  // namespace kamisado::cli
