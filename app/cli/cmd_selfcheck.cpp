// kamisado selfcheck: the rules engine against rules.md's board facts and perft counts
// (verify/selfcheck.h). A failure is an internal error (exit 1).
#include <fmt/format.h>

#include "cli/commands.h"
#include "verify/selfcheck.h"

namespace kamisado::cli {

namespace {

const CommandText kSelfcheckText{"selfcheck", "Check the rules engine against rules.md's board facts and perft counts",
                                 "Example: kamisado selfcheck"};

struct SelfcheckOptions {};

int selfcheck(const SelfcheckOptions&, Io& io) {
  nlohmann::json results = nlohmann::json::array();
  int failed = 0, passed = 0;
  std::string text;
  for (const verify::SelfCheckResult& c : verify::run_selfcheck()) {
    c.holds() ? ++passed : ++failed;
    results.push_back({{"check", c.name}, {"ok", c.holds()}, {"detail", c.problem}});
    text += (c.holds() ? "ok    " : "FAIL  ") + c.name + (c.holds() ? "" : ": " + c.problem) + "\n";
  }
  return io.print({{"checks", results}, {"passed", passed}, {"failed", failed}},
                  text + fmt::format("selfcheck: {} checks held, {} failed\n", passed, failed), failed ? kInternalError : kOk);
}

}  // namespace

void add_selfcheck(CLI::App& app, Action& action) { command<SelfcheckOptions>(app, action, kSelfcheckText, selfcheck); }

}  // namespace kamisado::cli
