// kamisado opening: the single round's start and each of Black's first moves proved, or a
// seeded sample of regrouped starts (solver/bench/opening.h).
#include "app/cli/commands.h"
#include "app/present/opening_answer.h"

namespace kamisado::cli {

namespace {

const CommandText kOpeningText{"opening", "Prove the single round's start and each of Black's first moves, or a sample of regrouped starts",
                               "Each position gets its value, its exact distance and a proof tree that the checker accepts.\n"
                               "--proofs DIR writes each proof tree (start.proof, ...); --book FILE the values, for serve.\n"
                               "--regrouped N proves N seeded regrouped starts instead (value only), appending each result to\n"
                               "--checkpoint FILE as it is proved; run the same command again to resume after a stop. What\n"
                               "it reads back there is taken as written, and the summary says how many; --recheck proves it again.\n"
                               "Examples: kamisado opening --report reports/opening.md --book reports/opening.book\n"
                               "          kamisado opening --regrouped 1000 --checkpoint regrouped.jsonl --report reports/regrouped.md"};

int opening(const present::OpeningRequest& opt, Io& io) { return io.print(present::run_opening(opt, io.lines(), io.stop)); }

}  // namespace

void add_opening(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<present::OpeningRequest>(app, action, kOpeningText, opening, Needs::CtrlC);
  report_option(cmd, opt->report);
  cmd->add_option("--proofs", opt->proofs, "Write each proof tree into the folder DIR");
  output_option(cmd, "--book", opt->book, "Write the proved values as a book to FILE (kamisado serve --book)");
  cmd->add_option("--regrouped", opt->regrouped.count, "Prove N seeded regrouped starts instead")->check(CLI::Range(1, solver::kMaxRegrouped));
  seed_option(cmd, opt->regrouped.seed, "the regrouped sample");
  cmd->add_option("--checkpoint", opt->regrouped.checkpoint, "Results so far of --regrouped, one JSON line each (default regrouped-SEED.jsonl)");
  cmd->add_flag("--recheck", opt->regrouped.recheck,
                "--regrouped: prove again each start the checkpoint holds (else its lines are taken as an earlier run wrote them, and said so)");
  cmd->add_option("--hash", opt->hash, "Transposition table size in MB (default 128; 64 for each regrouped start)")->check(CLI::Range(1, 65536));
}

}  // namespace kamisado::cli
