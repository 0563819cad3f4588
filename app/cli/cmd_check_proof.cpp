// kamisado check-proof FILE: re-verifies a proof file (solver/proof/proof_check.h).

#include <filesystem>

#include "cli/commands.h"
#include "present/by_rounds.h"
#include "present/verdict.h"
#include "solver/match/regenerated_certificate.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_file.h"
#include "solver/proof/proof_io.h"

namespace kamisado::cli {

namespace {

const CommandText kCheckProofText{"check-proof", "Re-verify a proof file with the move generator alone, no search",
                                  "Rebuilds every position from the root by playing the stored moves and checks each node: one\n"
                                  "legal move at the winner's turns, every legal move at the loser's, a decided goal at each leaf\n"
                                  "(a won round; a won match across rounds and fills for a match proof; a ring's value),\n"
                                  "and the stored values and distances (in plies, or in the winner's own moves for a puzzle's\n"
                                  "certificate). A failure names the node at fault; exit code 1. A large proof is zstd-compressed\n"
                                  "(solve --proof writes it so from 16 MB of text, or for a FILE ending in .zst); either is read.\n"
                                  "A folder is a match certificate in layers (solve --by-rounds --certificate DIR): each layer is\n"
                                  "checked so, and each round start a layer ends at must be won as the layer of its class says\n"
                                  "(solver/match/match_certificate.h); a missing or damaged layer is named. --threads N checks\n"
                                  "the layers of one depth on N threads (the answer does not depend on N).\n"
                                  "A folder that lists its layers (solve ... --regenerate-layers) stores its root's layer and a\n"
                                  "table: each listed layer is made again from the table, must match its digest, and is checked\n"
                                  "so (solver/match/regenerated_certificate.h). --journal FILE keeps the layers checked, so that\n"
                                  "a check stopped (Ctrl-C, a kill) goes on from them when run again.\n"
                                  "Example: kamisado check-proof start.proof\n"
                                  "         kamisado check-proof reports/match/two-point.certificate --threads 2 --journal two-point.journal"};

struct CheckProofOptions {
  std::string file;
  unsigned threads = 1;
  std::string journal;
};

// A folder: a match certificate in layers, stored or listed.
int check_certificate(const CheckProofOptions& opt, Io& io) {
  const solver::MatchCertificateCheck check = solver::check_certificate_folder(opt.file, {opt.threads, opt.journal, io.lines(), io.stop});
  const int code = check.holds ? kOk : check.stopped ? kStopped : kInternalError;
  return io.print(present::match_certificate_json(opt.file, check), present::match_certificate_text(check), code);
}

int check_proof(const CheckProofOptions& opt, Io& io) {
  std::error_code ec;
  if (std::filesystem::is_directory(opt.file, ec)) return check_certificate(opt, io);
  if (!opt.journal.empty()) throw UsageError("--journal goes on with the check of a certificate that lists its layers, not of a proof file");
  const solver::ProofTree tree = solver::read_proof_file(opt.file);
  const solver::ProofCheck check = solver::check_proof(tree);
  return io.print(present::proof_check_answer(opt.file, tree, check), check.holds ? kOk : kInternalError);
}

}  // namespace

void add_check_proof(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<CheckProofOptions>(app, action, kCheckProofText, check_proof, Needs::CtrlC);
  cmd->add_option("file", opt->file,
                  "The proof file (written by kamisado solve --proof), or a certificate's folder (solve --by-rounds --certificate)")
      ->required();
  cmd->add_option("--threads", opt->threads, "A certificate's folder: threads checking its layers (default 1)")->check(CLI::Range(1, 1024));
  output_option(cmd, "--journal", opt->journal,
                "A certificate that lists its layers: keep the layers checked in FILE, and go on from those it holds (made if missing)");
}

}  // namespace kamisado::cli
