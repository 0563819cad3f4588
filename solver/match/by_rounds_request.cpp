#include "solver/match/by_rounds_request.h"

#include "solver/match/by_rounds_mpi.h"
#include "solver/match/by_rounds_tree.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

// A request whose parts do not go together. The command line refuses these first, in its own
// words (app/cli/cmd_solve.cpp); here each is refused as what it asks, its field named.
void check(const ByRoundsRequest& r) {
  if (r.run.recheck && r.run.table_path.empty())
    throw InputError("proving the round starts again needs the table they are read from", "recheck-starts");
  if (r.levels > 0 && !r.plan) throw InputError("a projection by levels is of a plan", "levels");
  if (r.levels > 0 && !r.run.table_path.empty()) throw InputError("a projection plans every start as a guess, and reads no table", "levels");
  if (!r.journal.empty() && r.levels == 0) throw InputError("a journal keeps the plans of a projection by levels", "journal");
  if (r.plan && (r.mpi || !r.certificate.empty()))
    throw InputError("a plan proves no job: it spreads none over ranks and writes no certificate", "plan");
  if (r.regenerate_layers && (r.certificate.empty() || r.run.table_path.empty() || r.run.recheck))
    throw InputError("layers made again are a certificate's, made from the run's round-start table, which they trust in nothing",
                     "regenerate-layers");
  if (!r.certificate.empty() && r.mpi && !r.every_level)
    throw InputError("a certificate is written by one process, whose threads share its layers, or on the ranks of a run with --every-level",
                     "certificate");
  if (r.regenerate_layers && r.every_level)
    throw InputError("a run handing out every level's jobs stores its layers where they are proved: none is made again", "regenerate-layers");
  if (r.every_level && !r.mpi) throw InputError("every level's jobs are handed out among the ranks of an MPI job", "every-level");
  if (r.every_level && r.run.recheck)
    throw InputError("a run handing out every level's jobs takes its saved shards as they are: prove them again on one process", "recheck-starts");
  if (r.every_level && r.run.max_jobs > 0)
    throw InputError("a run handing out every level's jobs stops by time (--seconds) or Ctrl-C, not by a count of jobs", "max-jobs");
  if (!r.layers_from.empty() && (!r.every_level || r.certificate.empty()))
    throw InputError("layers are taken from an earlier certificate by a run on the job tree writing its own (--every-level --certificate)",
                     "layers-from");
  if (!r.job_record.empty() && !r.every_level) throw InputError("a record of jobs is of a run on the job tree (--every-level)", "record-jobs");
  if (r.every_level && r.run.threads > 1)  // by_rounds_tree.h: one job computes at a time on a rank
    throw InputError("a run handing out every level's jobs proves one job at a time on a rank: run a rank a core (mpirun -np N)", "threads");
}

}  // namespace

bool ByRoundsAnswer::complete() const {
  if (levels) return levels->complete;
  if (plan) return plan->winner.has_value();
  if (certificate) return certificate->winner.has_value();
  if (regenerated) return regenerated->winner.has_value();
  return result && result->winner;
}

ByRoundsAnswer answer_by_rounds(const Position& root, const ByRoundsRequest& r, const io::Lines& lines) {
  check(r);
  ByRoundsAnswer a;
  RoundStartTable table;
  if (r.levels > 0) {  // a projection: sampled plans level by level, each with no table
    a.levels = project_by_levels(root, {r.levels, r.run.hash_mb, r.run.seconds, r.run.depth_prices, r.journal, r.run.stop}, lines);
  } else if (r.plan) {
    // The table is read (with its shards), not written.
    if (!r.run.table_path.empty() && round_start_table_exists(r.run.table_path)) table = read_round_starts_and_shards(r.run.table_path);
    a.plan = plan_by_rounds(root, table, r.run);
  } else if (r.mpi && r.every_level) {
    io::Progress progress(lines);
    TreeCertificateFolders folders{r.certificate, r.layers_from, [&progress](std::uint64_t made, std::uint64_t known) {
                                     progress.count("certificate: layers made from the earlier certificate's table", made, known, "known so far");
                                   }};
    if (std::optional<TreeRun> tree = solve_by_rounds_tree(root, r.run, folders, r.job_record)) {
      a.result = std::move(tree->result);
      a.regenerated = std::move(tree->certificate);
      if (!r.certificate.empty()) a.certificate_dir = r.certificate;
    }
  } else if (r.regenerate_layers) {
    RegenerationOptions o;
    o.hash_mb = r.run.hash_mb;
    o.threads = r.run.threads;
    o.stop = r.run.stop;
    o.commit_seconds = r.run.checkpoint_seconds;
    io::Progress progress(lines);
    o.progress = [&progress](std::uint64_t listed, std::uint64_t known) {
      progress.count("certificate: layers listed", listed, known, "known so far");
    };
    a.regenerated = write_regenerated_certificate(root, r.run.table_path, r.certificate, o);
    a.certificate_dir = r.certificate;
  } else if (!r.certificate.empty()) {
    a.certificate = certify_by_rounds(root, table, r.certificate, r.run);
    a.certificate_dir = r.certificate;
  } else if (r.mpi) {
    a.result = solve_by_rounds_mpi(root, table, r.run);
  } else {
    a.result = solve_by_rounds(root, table, r.run);
  }
  return a;
}

}  // namespace kamisado::solver
