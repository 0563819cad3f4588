#!/usr/bin/env bash
# A match proved round by round across two MPI ranks (solve --by-rounds --mpi,
# solver/match/by_rounds_mpi.h, issue 29): the value of one process, with jobs proved on the
# other rank; a rank killed with SIGKILL once the round-start table is on disk, then the job
# run again: the same value, from the saved table. One rank is refused in one line.
# Usage: by_rounds_mpi.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
# Gold to move at 2:1-0 from a set-up: some 180 jobs, about 20 s on one core.
pos="bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0"
solve=(solve "$pos" --goal match --by-rounds)

"$kamisado" "${solve[@]}" --starts "$dir/one.starts" --json >"$dir/one.json" 2>/dev/null
"${mpirun[@]}" "$kamisado" "${solve[@]}" --starts "$dir/two.starts" --mpi --json >"$dir/two.json" 2>/dev/null
same_value "$dir/one.json" "$dir/two.json" "two ranks"
far=$(field "$dir/two.json" "d['jobs_on_other_ranks']")
[ "$far" -gt 0 ] || { echo "FAIL: rank 1 proved no job"; exit 1; }
echo "two ranks: $b, as one process; $far jobs proved on rank 1"

# A rank killed (mpirun then ends the job); run again, it starts from what rank 0 saved.
"${mpirun[@]}" "$kamisado" "${solve[@]}" --starts "$dir/killed.starts" --mpi --checkpoint-every 1 --json >"$dir/killed.json" 2>/dev/null &
job=$!
for _ in $(seq 1 2400); do
  [ -e "$dir/killed.starts" ] && break
  kill -0 "$job" 2>/dev/null || break
  sleep 0.05
done
pkill -KILL -n -f "solve $pos --goal match --by-rounds --starts $dir/killed.starts" || true
wait "$job" 2>/dev/null && { echo "SKIP: the job ended before its rank was killed"; exit 77; }
[ -e "$dir/killed.starts" ] || { echo "FAIL: nothing saved before the kill"; exit 1; }
"${mpirun[@]}" "$kamisado" "${solve[@]}" --starts "$dir/killed.starts" --mpi --json >"$dir/resumed.json" 2>/dev/null
read_back=$(field "$dir/resumed.json" "d['table_read']")
[ "$read_back" -gt 0 ] || { echo "FAIL: the run again did not start from the saved table"; exit 1; }
c=$(field "$dir/resumed.json" "d['value']")
[ "$c" = "$a" ] || { echo "FAIL: the value is $c after the kill, $a uninterrupted"; exit 1; }
echo "a rank killed with $read_back starts saved, run again: $c, as uninterrupted"

# Bad input: one line on rank 0, exit 2.
expect_refusal "needs 2 ranks" mpirun -np 1 "$kamisado" "${solve[@]}" --starts "$dir/one-rank.starts" --mpi
printf 'x' | dd of="$dir/killed.starts" bs=1 seek=20 conv=notrunc status=none
expect_refusal "killed.starts" "${mpirun[@]}" "$kamisado" "${solve[@]}" --starts "$dir/killed.starts" --mpi
echo "one rank and a damaged table refused"
echo "PASS"
