#include "solver/match/by_rounds_request.h"

#include <filesystem>

#include "solver/match/by_rounds_mpi.h"
#include "src/kamisado/errors.h"

namespace kamisado::solver {

namespace {

void check(const ByRoundsRequest& r) {
  if (r.run.recheck && r.run.table_path.empty()) throw InputError("--recheck-starts proves again the starts of --starts FILE: add --starts");
  if (r.levels > 0 && !r.plan) throw InputError("--levels projects the plan: add --plan");
  if (r.plan && r.mpi) throw InputError("--plan proves no job: drop --mpi");
  if (r.plan && !r.certificate.empty()) throw InputError("--plan proves nothing, so it writes no certificate: drop --certificate");
  if (r.levels > 0 && !r.run.table_path.empty()) throw InputError("--levels plans every start as a guess: drop --starts");
  if (r.regenerate_layers && r.certificate.empty()) throw InputError("--regenerate-layers is a kind of --certificate DIR: add it");
  if (r.regenerate_layers && r.run.table_path.empty())
    throw InputError("--regenerate-layers makes the layers from the round-start table of a run: name it with --starts FILE");
  if (r.regenerate_layers && r.run.recheck)
    throw InputError("--regenerate-layers trusts no value of --starts FILE (check-proof checks every layer): drop --recheck-starts");
  if (!r.certificate.empty() && r.mpi) throw InputError("--certificate is written by one process (its --threads share the layers): drop --mpi");
}

}  // namespace

void refuse_without_by_rounds(const ByRoundsRequest& r) {
  if (!r.run.table_path.empty()) throw InputError("--starts is the round-start table of --by-rounds: add --by-rounds");
  if (r.mpi) throw InputError("--mpi spreads the jobs of --by-rounds over MPI ranks: add --by-rounds");
  if (r.plan) throw InputError("--plan counts the jobs of --by-rounds: add --by-rounds");
  if (r.levels) throw InputError("--levels projects a plan of --by-rounds: add --by-rounds --plan");
  if (r.regenerate_layers) throw InputError("--regenerate-layers is a kind of --by-rounds --certificate: add --by-rounds");
  if (!r.certificate.empty())
    throw InputError("--certificate is the proof in layers of --by-rounds: add --by-rounds (or write one tree with --proof)");
}

void refuse_with_by_rounds(const std::string& goal, const CertifyOptions& certify, bool check) {
  if (goal != "match") throw InputError("--by-rounds proves a match: give --goal match");
  if (!certify.proof_path.empty() || !certify.dot_path.empty() || check || !certify.checkpoint.empty())
    throw InputError(
        "--by-rounds writes its proof in layers to --certificate DIR and saves its work in --starts FILE: drop --proof, --dot, --check and "
        "--checkpoint");
}

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
    a.levels = project_by_levels(root, r.levels, r.run.hash_mb, r.run.seconds, r.run.stop, lines);
  } else if (r.plan) {
    std::error_code ec;  // the table is read, not written
    if (!r.run.table_path.empty() && std::filesystem::exists(r.run.table_path, ec)) table = read_round_starts(r.run.table_path);
    a.plan = plan_by_rounds(root, table, r.run);
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
