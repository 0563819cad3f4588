// The match proved round by round (by_rounds.h) across the ranks of an MPI job (Open MPI:
// `mpirun -np N kamisado solve KFEN --goal match --by-rounds --starts FILE --mpi`, or srun
// under Slurm), on the one MPI runner (src/run/mpi_runner.h).
//
// Rank 0 runs the run: the first master, its own --threads, the round-start table and its
// checkpoint. Every other rank is a far hand (by_rounds.h, FarHands): it proves one of the first
// master's jobs at a time, as rank 0's threads would, with a table of its own (the checkpoint's
// starts, read at its first job, and every start it proved since), and sends back the job's
// value and every start it proved on the way; rank 0 adds them to the table, so its checkpoint
// holds the work of all ranks. A run killed anywhere loses the jobs under way and resumes, like
// one process, from what rank 0 saved.
#pragma once

#include <optional>

#include "solver/match/by_rounds.h"

namespace kamisado::solver {

// Called by every rank of MPI_COMM_WORLD with the same arguments. Rank 0 returns the run's
// result; the other ranks return nullopt when rank 0 ends the run. Fewer than 2 ranks is an
// InputError (run without --mpi instead), as is a failure on any rank (rank 0 throws it, naming
// the rank).
std::optional<ByRoundsResult> solve_by_rounds_mpi(const Position& root, RoundStartTable& table, const ByRoundsOptions& options);

}  // namespace kamisado::solver
