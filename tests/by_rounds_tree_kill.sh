#!/usr/bin/env bash
# The match by rounds on the job tree (solve --by-rounds --mpi --every-level --starts FILE, issue 68)
# killed and run again: rank VICTIM (an owner of a shard, or 0, the coordinator) is killed with
# SIGKILL once the shards hold proved starts, and mpirun ends the job; the same command run again
# goes on from the shards (FILE.shard-R-of-N) and ends with the value of one process, no start
# proved twice, and a certificate (written on the ranks, the killed run's layers kept) that
# check-proof accepts. Run again on another number of ranks, it reads the same shards.
# Usage: by_rounds_tree_kill.sh KAMISADO_BINARY RANKS VICTIM POSITION SCRATCH_DIR
set -euo pipefail
kamisado=$1 ranks=$2 victim=$3 pos=$4 dir=$5
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
solve=(solve "$pos" --goal match --by-rounds --hash 16)
"$kamisado" "${solve[@]}" --json >"$dir/one.json" 2>/dev/null
a=$(field "$dir/one.json" "d['value']")
[ "$a" != unknown ] || { echo "FAIL: one process decided nothing"; exit 1; }

# Some starts proved in a shard: more than the 24 bytes of an empty table.
saved() { for f in "$dir"/killed.starts.shard-*-of-"$ranks"; do [ -e "$f" ] && [ "$(stat -c %s "$f")" -gt 24 ] && return 0; done; return 1; }
# The process of rank VICTIM (Open MPI tells each its rank in its environment), killed.
kill_rank() {
  for p in $(pgrep -f -- "--starts $dir/killed.starts"); do
    if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$victim"; then kill -KILL "$p"; return 0; fi
  done
  return 1
}
run=(mpirun -np "$ranks" --oversubscribe "$kamisado" "${solve[@]}" --mpi --every-level --starts "$dir/killed.starts" --certificate "$dir/certificate")
"${run[@]}" --checkpoint-every 1 --json >"$dir/killed.json" 2>"$dir/killed.err" &
job=$!
for _ in $(seq 1 6000); do
  saved && break
  kill -0 "$job" 2>/dev/null || break
  sleep 0.02
done
sleep 2  # more proved and saved, and jobs under way on every rank
kill_rank || { wait "$job" 2>/dev/null && { echo "SKIP: the run ended before rank $victim was killed"; exit 77; }; echo "FAIL: no rank $victim"; exit 1; }
if wait "$job" 2>/dev/null; then echo "SKIP: the run ended before rank $victim was killed"; exit 77; fi
saved || { echo "FAIL: no shard saved before the kill"; exit 1; }

"${run[@]}" --json >"$dir/resumed.json" 2>"$dir/resumed.err" || { echo "FAIL: the run again:"; tail -5 "$dir/resumed.err"; exit 1; }
read_back=$(field "$dir/resumed.json" "d['table_read']")
[ "$read_back" -gt 0 ] || { echo "FAIL: the run again did not start from the shards"; exit 1; }
b=$(field "$dir/resumed.json" "d['value']")
[ "$b" = "$a" ] || { echo "FAIL: the value is $b after rank $victim was killed, $a on one process"; exit 1; }
twice=$(field "$dir/resumed.json" "d['starts_proved_twice']")
[ "$twice" = 0 ] || { echo "FAIL: $twice starts proved twice"; exit 1; }
echo "rank $victim of $ranks killed, $read_back starts in the shards; run again: $b, as one process, none proved twice"
"$kamisado" check-proof "$dir/certificate" --threads 2 --json >"$dir/check.json" 2>/dev/null || true
[ "$(field "$dir/check.json" "d['holds']")" = True ] || { echo "FAIL: check-proof refuses the certificate: $(field "$dir/check.json" "d['failure']")"; exit 1; }
echo "its certificate holds: $(field "$dir/resumed.json" "d['certificate']['layers_listed']") layers"

# On another number of ranks the shards are the same table, whoever owned them: answered at once.
mpirun -np 3 --oversubscribe "$kamisado" "${solve[@]}" --mpi --every-level --starts "$dir/killed.starts" --json >"$dir/three.json" 2>/dev/null
c=$(field "$dir/three.json" "d['value']")
[ "$c" = "$a" ] || { echo "FAIL: on 3 ranks from the shards of $ranks: $c"; exit 1; }
# And one process reads them too.
"$kamisado" "${solve[@]}" --starts "$dir/killed.starts" --json >"$dir/one-again.json" 2>/dev/null
d=$(field "$dir/one-again.json" "d['value']")
[ "$d" = "$a" ] || { echo "FAIL: one process from the shards: $d"; exit 1; }
echo "the shards read again on 3 ranks and on one process: $c"
echo "PASS"
