#!/usr/bin/env bash
# The job tree scheduler (src/run/job_tree.h, issue 68) on the synthetic tree (synthetic_tree.h):
# on real ranks (Open MPI) the one-process value with every start proved once, the jobs spread
# over the ranks; on as many simulated ranks (SimGrid's SMPI), built from the same source, the
# same starts proved at the same levels. Exit 77 (skipped) without smpirun for the second half.
# Usage: job_tree_synthetic.sh REAL_PROGRAM SIM_PROGRAM_OR_NONE RANKS DEPTH SCRATCH_DIR
set -euo pipefail
real=$1 sim=$2 ranks=$3 depth=$4 dir=$5
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
mpirun -np "$ranks" --oversubscribe "$real" "$depth" 0.001 0.002 0 >"$dir/real.txt" 2>"$dir/real.err" || {
  echo "FAIL: the real run ($ranks ranks):"; cat "$dir/real.txt" "$dir/real.err"; exit 1; }
head -n 1 "$dir/real.txt"
spread=$(grep -c "jobs" "$dir/real.err" || true)
idle=$(grep -c " 0 jobs" "$dir/real.err" || true)
[ "$spread" -eq $((ranks - 1)) ] && [ "$idle" -eq 0 ] || { echo "FAIL: a proving rank took no job:"; cat "$dir/real.err"; exit 1; }
smpi_run "$sim" "$ranks" "$dir" "$depth" 1 0.5 1
head -n 1 "$dir/sim.txt"
if ! diff <(tail -n +2 "$dir/real.txt") <(tail -n +2 "$dir/sim.txt") >"$dir/diff.txt"; then
  echo "FAIL: the real and the simulated runs proved other starts, or at other levels:"; head "$dir/diff.txt"; exit 1
fi
echo "the same $(($(wc -l <"$dir/real.txt") - 1)) jobs at the same levels on $ranks real and $ranks simulated ranks"
