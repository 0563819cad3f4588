// What `solve --by-rounds` is asked, as one request: a run (on threads, or on MPI ranks), a plan,
// a projection level by level, or a certificate in layers (by_rounds.h, by_rounds_study.h,
// by_rounds_mpi.h). Which options go together is the command line's to say (cmd_solve.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "solver/match/by_rounds.h"
#include "solver/match/by_rounds_study.h"
#include "solver/match/regenerated_certificate.h"
#include "solver/proof/certify.h"
#include "src/io/progress.h"

namespace kamisado::solver {

struct ByRoundsRequest {
  ByRoundsOptions run;             // the table file, threads, tables, limits, progress
  bool plan = false;               // prove no job: the starts a proof needs if every guess holds
  std::size_t levels = 0;          // with plan: project the proof level by level, this many starts a level
  std::string journal;             // with levels: the plans kept in this file as they finish, and read back (levels_journal.h)
  std::string certificate;         // write the proof in layers to this folder
  bool regenerate_layers = false;  // with certificate: keep the root's layer, the table and a list of the other layers (regenerated_certificate.h)
  bool mpi = false;                // the run across the ranks of an MPI job
  bool every_level = false;        // with mpi: every level's jobs handed out, on the job tree (by_rounds_tree.h)
  std::string job_record;          // with every_level: each rank's jobs recorded in `job_record`.rank-R (run/job_record.h)
  std::string layers_from;         // with every_level and certificate: the layers of starts read back, from this certificate (tree_certificate.h)
};

// What was answered: one of the four, or none on an MPI rank other than 0 (rank 0 answers).
struct ByRoundsAnswer {
  std::optional<LevelProjection> levels;
  std::optional<ByRoundsPlan> plan;
  std::optional<ByRoundsCertificate> certificate;
  std::optional<RegeneratedWrite> regenerated;  // a certificate whose layers are made again
  std::string certificate_dir;                  // where the certificate was written
  std::optional<ByRoundsResult> result;
  bool answered() const { return levels || plan || certificate || regenerated || result; }
  // Decided (or planned, or projected to the end) rather than stopped first.
  bool complete() const;
};

// Refuses (InputError, one line, its field named) parts that do not go together, then answers
// the request.
ByRoundsAnswer answer_by_rounds(const Position& root, const ByRoundsRequest& request, const io::Lines& lines = {});

}  // namespace kamisado::solver
