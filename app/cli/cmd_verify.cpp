// kamisado verify: the rules checker's proofs over all positions, with Z3 (verify/verification.h).
#include "app/cli/commands.h"
#include "app/present/verification_report.h"

namespace kamisado::cli {

namespace {

const CommandText kVerifyText{
    "verify", "Prove the engine's move generation equal to the rules, with Z3",
    "Checks: colours (B3), slides (M1-M4, S1), pushes (S2-S3), advance (rules.md §2), push-bounds\n"
    "(S2, S3, M7); and pass-chain (M6, M8, M9), a lemma about the rules that no engine code enters.\n"
    "Each is proved for all positions, or refuted with a counterexample. Then Z3 finds complete positions for each pass and deadlock edge case and\n"
    "the engine's verdict there is compared with the spec's. Exit code 1 if any check is not\n"
    "proved or any witness disagrees.\n"
    "Example: kamisado verify --report reports/verification.md"};

struct VerifyCommandOptions {
  verify::VerifyOptions verify;
  std::string report, corpus;
  bool no_witnesses = false;
};

int run_verify(const VerifyCommandOptions& opt, Io& io) {
  verify::VerifyOptions o = opt.verify;
  o.witnesses = !opt.no_witnesses;
  const io::Lines lines = io.json ? io::Lines() : [&io](const std::string& line) { io.out << line << "\n"; };
  return io.print(present::run_verify(o, opt.corpus, opt.report, lines));
}

}  // namespace

void add_verify(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<VerifyCommandOptions>(app, action, kVerifyText, run_verify);
  cmd->add_option("--check", opt->verify.checks, "Run only this check (repeatable)");
  report_option(cmd, opt->report);
  output_option(cmd, "--corpus", opt->corpus, "Also write the witnesses as a conformance corpus (JSON) to this file");
  cmd->add_option("--cycle-timeout", opt->verify.cycle_timeout, "Seconds Z3 has for each longest-deadlock-cycle query (default 20)")
      ->check(seconds_between(1.0, 3600.0));
  cmd->add_flag("--no-witnesses", opt->no_witnesses, "Run only the proofs, not the witness search");
}

}  // namespace kamisado::cli
