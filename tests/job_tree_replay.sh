#!/usr/bin/env bash
# The real and the simulated schedules of a match side by side (issue 68): the match by rounds on
# the job tree (solve --by-rounds --mpi --every-level) on RANKS real ranks, its jobs recorded
# (--record-jobs, src/run/job_record.h); then the same scheduler source run again on that tree of
# jobs (job_tree_replay.cpp) on RANKS real ranks and on RANKS ranks simulated by SimGrid's SMPI:
# each proves the same jobs at the same levels as the match did, and its value. Exit 77 (skipped)
# without smpirun for the simulated run.
# Usage: job_tree_replay.sh KAMISADO REPLAY_PROGRAM REPLAY_SIM_OR_NONE RANKS POSITION SCRATCH_DIR
set -euo pipefail
kamisado=$1 replay=$2 sim=$3 ranks=$4 pos=$5 dir=$6
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
mpirun -np "$ranks" --oversubscribe "$kamisado" solve "$pos" --goal match --by-rounds --hash 16 --mpi --every-level \
  --record-jobs "$dir/jobs" --json >"$dir/match.json" 2>"$dir/match.err" || { echo "FAIL: the match on $ranks ranks:"; tail -5 "$dir/match.err"; exit 1; }
cat "$dir"/jobs.rank-* | awk '{print $1, $2}' | sort >"$dir/recorded.txt"
levels=$(awk '{print $1}' "$dir/recorded.txt" | sort -u | wc -l)
[ "$levels" -ge 2 ] || { echo "FAIL: the match's jobs span $levels level(s), not two"; exit 1; }
echo "the match on $ranks ranks: $(field "$dir/match.json" "d['value']"), $(wc -l <"$dir/recorded.txt") jobs over $levels levels recorded"

same() {  # same NAME FILE: the replay's jobs are the match's
  if ! diff "$dir/recorded.txt" <(tail -n +2 "$2" | sort) >"$dir/$1.diff"; then
    echo "FAIL: the $1 run proved other jobs, or at other levels, than the match:"; head "$dir/$1.diff"; exit 1
  fi
  echo "$1 ranks: $(head -n 1 "$2"); the match's jobs at the match's levels"
}
mpirun -np "$ranks" --oversubscribe "$replay" "$dir/jobs" 0.001 0.002 0 >"$dir/real.txt" 2>"$dir/real.err" || {
  echo "FAIL: the replay on real ranks:"; cat "$dir/real.txt" "$dir/real.err"; exit 1; }
same real "$dir/real.txt"
smpi_run "$sim" "$ranks" "$dir" "$dir/jobs" 1 0.5 1
same simulated "$dir/sim.txt"
echo PASS
