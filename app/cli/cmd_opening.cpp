// kamisado opening: the single round's start and each of Black's first moves proved, or a
// seeded sample of regrouped starts (solver/bench/opening.h).
#include <filesystem>

#include <fmt/format.h>

#include "cli/commands.h"
#include "io/files.h"
#include "present/opening.h"

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

solver::RegroupedOptions no_regrouped() {
  solver::RegroupedOptions o;
  o.count = 0;  // the first moves, unless --regrouped N
  return o;
}

struct OpeningOptions {
  std::string report, proofs, book;
  solver::RegroupedOptions regrouped = no_regrouped();
  std::size_t hash = 0;  // 0: 128 MB for the first moves' shared table, 64 MB for each regrouped start's
};

int opening(const OpeningOptions& opt, Io& io) {
  if (opt.regrouped.count > 0) {
    solver::RegroupedOptions o = opt.regrouped;
    if (o.checkpoint.empty()) o.checkpoint = fmt::format("regrouped-{}.jsonl", o.seed);
    io::check_writable(o.checkpoint);
    o.hash_mb = opt.hash ? opt.hash : 64;
    o.stop = io.stop;
    solver::RegroupedResult r = solver::prove_regrouped(o, io.lines());
    if (!opt.report.empty()) io::write_file_atomically(opt.report, present::regrouped_report(r, opt.report));
    return io.print(present::regrouped_json(r),
                    present::regrouped_summary(r) + (r.failures ? fmt::format("; {} proofs FAILED their check", r.failures) : "") + "\n",
                    r.failures ? kInternalError : kOk);
  }
  if (opt.regrouped.recheck) throw UsageError("--recheck proves again what a --regrouped checkpoint holds: add --regrouped N");
  if (!opt.proofs.empty() && !std::filesystem::is_directory(opt.proofs))
    throw UsageError("cannot write proofs into '" + opt.proofs + "': no such folder");
  solver::OpeningResult r = solver::prove_opening(opt.hash ? opt.hash : 128, opt.proofs, io.lines());
  if (!opt.report.empty()) io::write_file_atomically(opt.report, present::opening_report(r, opt.report));
  if (!opt.book.empty()) solver::write_opening_book(r, opt.book, io.lines());
  return io.print(present::opening_json(r), present::opening_summary(r), r.failures() ? kInternalError : kOk);
}

}  // namespace

void add_opening(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<OpeningOptions>(app, action, kOpeningText, opening, Needs::CtrlC);
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
