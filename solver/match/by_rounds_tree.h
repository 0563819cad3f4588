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
// Not yet: the shards are not saved (no --starts), a killed run does not resume, and the
// certificate is not written on the ranks (docs/solver.md).
#pragma once

#include <optional>

#include "solver/match/by_rounds.h"

namespace kamisado::solver {

// Called by every rank of MPI_COMM_WORLD with the same arguments. Rank 0 returns the run's
// result, with each rank's jobs by level; the other ranks nullopt. Fewer than 2 ranks, or a
// failure on any rank, is an InputError (rank 0 throws it, naming the rank).
std::optional<ByRoundsResult> solve_by_rounds_tree(const Position& root, const ByRoundsOptions& options);

}  // namespace kamisado::solver
