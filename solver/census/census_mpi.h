// The census run across the ranks of an MPI job (Open MPI: `mpirun -np N kamisado census run
// DIR --mpi`, or srun under Slurm). mpi.h stays inside census_mpi.cpp.
//
// Rank 0 hands out the slices that are not proved yet, one at a time, to whichever rank asks
// (the times are heavy-tailed: fixed slices would leave ranks idle), and proves slices itself on
// a thread of its own meanwhile; every other rank asks, proves, writes its shard file and asks
// again. The shard files are the only results (census.h), on a folder that all ranks share, so
// a job killed anywhere (any rank, or all) resumes with the next run from what was written.
// Rank 0 polls for requests with a short sleep instead of a blocking receive, which in Open MPI
// would spin and take a core from the provers.
#pragma once

#include "solver/census/census.h"

namespace kamisado::solver {

// Runs DIR's census on every rank of MPI_COMM_WORLD (each rank calls it). Rank 0 returns the
// run's totals; the others return with `workers` = 0. Fewer than 2 ranks is an InputError (run
// without --mpi instead), as on every rank is a manifest that differs from rank 0's.
CensusRunStats run_census_mpi(const std::string& dir, const CensusRunOptions& options, const io::Lines& lines = {});

}  // namespace kamisado::solver
