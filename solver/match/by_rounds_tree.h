// The match proved round by round with every level's jobs handed out (issue 68): the masters of
// by_rounds.h as the work of the job tree scheduler (src/run/job_tree.h), under `mpirun -np N
// kamisado solve KFEN --goal match --by-rounds --mpi --every-level`.
//
// Rank 0 coordinates. On every other rank a job is a master on a thread of its own: it plans (by
// rounds.h, Run::decide), proves its one-round jobs itself and hands the rest to the scheduler as
// one batch, waiting on its thread while the rank proves other jobs; their values come back
// whoever proved them, and it finds its proof again and ends. A start is proved once across the
// run: its owner (a rank, by its class's key) says who proves it. Each rank keeps what it proved
// and learnt in a table of its own. One job computes at a time on a rank: run a rank a core.
//
// With options.table_path (--starts FILE), each rank saves its shard of the table beside it,
// FILE.shard-R-of-N (round_start_table.h), every options.checkpoint_seconds and when it stops; a
// run killed anywhere and started again, on any number of ranks, gives each owner its part of
// every shard saved and proves only the rest, to the same value (its answer counts the starts it
// rests on that were read back, not proved). Rank 0 keeps the time (options.seconds) and Ctrl-C.
// With a certificate folder the ranks store the layers of the starts they prove and rank 0 lists
// them (tree_certificate.h), taking the layers of starts read back from an earlier certificate's
// list where one is named.
#pragma once

#include <optional>
#include <string>

#include "solver/match/by_rounds.h"
#include "solver/match/regenerated_certificate.h"
#include "solver/match/tree_certificate.h"

namespace kamisado::solver {

struct TreeRun {
  ByRoundsResult result;
  std::optional<RegeneratedWrite> certificate;  // with a certificate folder, once the root is proved
};

// Called by every rank of MPI_COMM_WORLD with the same arguments. Rank 0 returns the run's
// result, with each rank's jobs by level, and the certificate written in `certificate.dir` (a
// folder; empty: none); the other ranks nullopt. With `record` (a path), each proving rank R writes a record
// of its jobs to `record`.rank-R (run/job_record.h), for the simulation to replay. Fewer than 2
// ranks, or a failure on any rank, is an InputError (rank 0 throws it, naming the rank).
std::optional<TreeRun> solve_by_rounds_tree(const Position& root, const ByRoundsOptions& options, const TreeCertificateFolders& certificate = {},
                                            const std::string& record = {});

}  // namespace kamisado::solver
