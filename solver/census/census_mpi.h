// The census run across the ranks of an MPI job (Open MPI: `mpirun -np N kamisado census run
// DIR --mpi`, or srun under Slurm), on the one MPI runner (src/run/mpi_runner.h).
//
// Rank 0 opens the run, takes its lock, and hands the slices that are not proved yet to the
// other ranks, one at a time each, as its own thread proves slices too (census.h,
// prove_missing_slices); every other rank proves its slice, writes its shard file and answers.
// The shard files are the only results (census.h), on a folder that all ranks share, so a job
// killed anywhere (any rank, or all) resumes with the next run from what was written.
#pragma once

#include "solver/census/census.h"

namespace kamisado::solver {

// Runs DIR's census on every rank of MPI_COMM_WORLD (each rank calls it). Rank 0 returns the
// run's totals; the others return with `workers` = 0. Fewer than 2 ranks is an InputError (run
// without --mpi instead), as on every rank is a manifest that differs from rank 0's.
CensusRunStats run_census_mpi(const std::string& dir, const CensusRunOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::solver
