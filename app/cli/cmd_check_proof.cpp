// kamisado check-proof FILE: re-verifies a proof file (solver/proof/proof_check.h).

#include "app/cli/commands.h"
#include "app/present/verdict.h"

namespace kamisado::cli {

namespace {

const CommandText kCheckProofText{"check-proof", "Re-verify a proof file with the move generator alone, no search",
                                  "Rebuilds every position from the root by playing the stored moves and checks each node: one\n"
                                  "legal move at the winner's turns, every legal move at the loser's, a decided goal at each leaf\n"
                                  "(a won round, match or ring), and the stored values and distances. A failure names the node at\n"
                                  "fault; exit code 1. A proof zstd-compressed (solve --proof, from 16 MB or for FILE.zst) is read.\n"
                                  "A folder is a match certificate in layers (solve --by-rounds --certificate DIR): each layer is\n"
                                  "checked so, and each round start it ends at against the layer of its class; --threads N checks\n"
                                  "them on N threads (the same answer on any N). A folder that lists its layers (--regenerate-\n"
                                  "layers) makes each again from its table, to its digest, and checks it; --journal FILE keeps the\n"
                                  "layers checked, so that a stopped check goes on; --mpi under mpirun makes them on other ranks.\n"
                                  "Example: kamisado check-proof start.proof\n"
                                  "         kamisado check-proof reports/match/two-point.certificate --threads 2 --journal two-point.journal"};

struct CheckProofOptions {
  std::string file;
  solver::CertificateCheckOptions folder;  // threads, journal, mpi
};

int check_proof(const CheckProofOptions& opt, Io& io) {
  solver::CertificateCheckOptions o = opt.folder;
  o.lines = io.lines(), o.stop = io.stop;
  const auto answer = present::run_check_proof(opt.file, o);
  return answer ? io.print(*answer) : kOk;  // none: an MPI rank other than 0, rank 0 answers
}

}  // namespace

void add_check_proof(CLI::App& app, Action& action) {
  auto [cmd, opt] = command<CheckProofOptions>(app, action, kCheckProofText, check_proof, Needs::CtrlC);
  cmd->add_option("file", opt->file,
                  "The proof file (written by kamisado solve --proof), or a certificate's folder (solve --by-rounds --certificate)")
      ->required();
  cmd->add_option("--threads", opt->folder.threads, "A certificate's folder: threads checking its layers (default 1)")->check(CLI::Range(1, 1024));
  output_option(cmd, "--journal", opt->folder.journal,
                "A certificate that lists its layers: keep the layers checked in FILE, and go on from those it holds (made if missing)");
  cmd->add_flag("--mpi", opt->folder.mpi,
                "A certificate that lists its layers, checked across MPI ranks: mpirun -np N kamisado check-proof DIR --mpi");
}

}  // namespace kamisado::cli
