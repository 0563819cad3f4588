#!/usr/bin/env bash
# The census on a slice of a few hundred starts (solver/census/, issue 17), four ways that must
# end with the same merged result (every count, winner, node count and certificate; not times):
#   1. one process (census run);
#   2. under MPI, two ranks (mpirun -np 2 ... --mpi);
#   3. under MPI, one rank killed with SIGKILL once shards are on disk, then run again;
#   4. one process stopped by SIGINT (Ctrl-C), then run again.
# And bad input: one rank (--mpi needs two), a damaged shard, each one line and exit 2.
# Usage: census_mpi.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
plan=(--subspace range:305:385 --shard-size 8 --hash 4)  # 80 classes, 320 starts, 2 of them second-mover wins (3 s each)

# The merged result without what differs from run to run (times) or names the folder.
merged() {
  "$kamisado" census merge "$1" --json 2>/dev/null | python3 -c "
import json, sys
d = json.load(sys.stdin)
for k in ('seconds', 'runs'): d.pop(k)
for w in d['second_mover_wins']: w.pop('proof')
print(json.dumps(d, sort_keys=True))"
}

# Waits (up to 120 s) until DIR holds a shard, then kills the newest process matching PATTERN.
kill_when_sharded() {
  local d=$1 pattern=$2 signal=$3
  for _ in $(seq 1 2400); do
    compgen -G "$d/shard-*.bin" >/dev/null && break
    sleep 0.05
  done
  pkill "-$signal" -n -f "$pattern" || true
}

for run in single mpi killed stopped; do "$kamisado" census plan "$dir/$run" "${plan[@]}" >/dev/null; done

"$kamisado" census run "$dir/single" 2>/dev/null
"${mpirun[@]}" "$kamisado" census run "$dir/mpi" --mpi 2>/dev/null
expected=$(merged "$dir/single")
[ "$(merged "$dir/mpi")" = "$expected" ] || { echo "FAIL: two MPI ranks and one process disagree"; exit 1; }
python3 -c "import json,sys; d=json.loads(sys.argv[1]); assert d['complete'] and d['sound'] and d['classes'] == 80 and len(d['second_mover_wins']) == 2, d" "$expected"

# 3. A rank killed: mpirun ends the job; the next run proves only what is missing.
"${mpirun[@]}" "$kamisado" census run "$dir/killed" --mpi >/dev/null 2>&1 &
job=$!
kill_when_sharded "$dir/killed" "census run $dir/killed --mpi" KILL
wait "$job" && { echo "note: the MPI job ended before its rank was killed"; }
shards_before=$(ls "$dir/killed" | grep -c '^shard-' || true)
"${mpirun[@]}" "$kamisado" census run "$dir/killed" --mpi 2>/dev/null
[ "$(merged "$dir/killed")" = "$expected" ] || { echo "FAIL: the killed and resumed MPI run differs"; exit 1; }
echo "killed with $shards_before of 10 shards on disk, resumed: the same result"

# 4. Ctrl-C on one process: exit 130, what is done kept; run again.
"$kamisado" census run "$dir/stopped" >/dev/null 2>&1 &
job=$!
kill_when_sharded "$dir/stopped" "census run $dir/stopped" INT
status=0
wait "$job" || status=$?
[ "$status" = 130 ] || [ "$status" = 0 ] || { echo "FAIL: Ctrl-C gave exit $status"; exit 1; }
"$kamisado" census run "$dir/stopped" 2>/dev/null
[ "$(merged "$dir/stopped")" = "$expected" ] || { echo "FAIL: the stopped and resumed run differs"; exit 1; }

# Bad input: one line, exit 2, nothing proved lost.
expect_refusal "needs 2 ranks" mpirun -np 1 "$kamisado" census run "$dir/single" --mpi
cp "$dir/single/shard-3.bin" "$dir/shard-3.good"
printf 'x' | dd of="$dir/single/shard-3.bin" bs=1 seek=50 conv=notrunc status=none
expect_refusal "shard-3.bin: corrupt census shard" "$kamisado" census run "$dir/single"
expect_refusal "shard-3.bin: corrupt census shard" "${mpirun[@]}" "$kamisado" census run "$dir/single" --mpi
expect_refusal "another census run" "$kamisado" census plan "$dir/single" --subspace range:0:10
cp "$dir/shard-3.good" "$dir/single/shard-3.bin"
[ "$(merged "$dir/single")" = "$expected" ] || { echo "FAIL: a refused run changed the folder"; exit 1; }
echo "census: one process, two MPI ranks, a killed rank and a Ctrl-C all end with the same result"
