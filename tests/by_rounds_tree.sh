#!/usr/bin/env bash
# The match by rounds with every level's jobs handed out (solve --by-rounds --mpi --every-level,
# solver/match/by_rounds_tree.h, issue 68): on RANKS MPI ranks the value of one process, no start
# proved twice, and the round-2 starts (masters of their own) proved on more than one rank; its
# certificate, written on the ranks (tree_certificate.h), accepted by check-proof on threads and
# across ranks; run again on the shards of its table, the same value, read back. Going on from the
# table of one process, with the certificate written from that table (--regenerate-layers): the
# layers of the starts it reads back are taken from it (--layers-from), and the whole checks;
# without it, the certificate is refused in one line.
# POSITION: a 2-point match's round-1 position some plies in, whose proof rests on a few round-2
# starts (1-0 or 0-1), each a master whose own jobs (1-1, the last round) it proves itself: the
# jobs span two levels. 4 round-2 starts, 17 s on one process (CI); 8, 70 s (the slow job):
#   "o1pk1rg1/8/8/8/5P2/R1n1y3/NGY1b3/4K1BO g p 2:0-0"   "o2k3n/G2y4/3r3O/5p2/N7/8/1bR3g1/3YKPB1 g y 2:0-0"
# Usage: by_rounds_tree.sh KAMISADO_BINARY RANKS POSITION SCRATCH_DIR
set -euo pipefail
kamisado=$1 ranks=$2 pos=$3 dir=$4
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
solve=(solve "$pos" --goal match --by-rounds --hash 16)
"$kamisado" "${solve[@]}" --starts "$dir/one.starts" --json >"$dir/one.json" 2>/dev/null
tree=(mpirun -np "$ranks" --oversubscribe "$kamisado" "${solve[@]}" --mpi --every-level --starts "$dir/tree.starts")
"${tree[@]}" --certificate "$dir/certificate" --json >"$dir/tree.json" 2>"$dir/tree.err" || {
  echo "FAIL: the run on $ranks ranks:"; tail -5 "$dir/tree.err"; exit 1; }
same_value "$dir/one.json" "$dir/tree.json" "$ranks ranks"
twice=$(field "$dir/tree.json" "d['starts_proved_twice']")
[ "$twice" = 0 ] || { echo "FAIL: $twice starts proved twice"; exit 1; }
spread=$(field "$dir/tree.json" "sum(1 for r in d['ranks'] if len(r['jobs_by_level']) > 1 and r['jobs_by_level'][1] > 0)")
round2=$(field "$dir/tree.json" "sum(r['jobs_by_level'][1] for r in d['ranks'] if len(r['jobs_by_level']) > 1)")
[ "$round2" -gt 0 ] || { echo "FAIL: no round-2 start was handed out"; exit 1; }
[ "$spread" -gt 1 ] || [ "$round2" -lt 2 ] || { echo "FAIL: the $round2 round-2 starts were all proved on one rank"; exit 1; }
looked=$(field "$dir/tree.json" "d['starts_looked_up']")
[ "$looked" -gt 0 ] || { echo "FAIL: the masters looked up no start they met"; exit 1; }
echo "$ranks ranks: $b, as one process; $round2 round-2 starts proved on $spread ranks, none twice; $looked starts looked up"

field "$dir/tree.json" "'; '.join(f\"rank {r['rank']}: {r['jobs_by_level']}\" for r in d['ranks'])"

# The certificate the ranks wrote, checked on threads and across 2 ranks.
layers=$(field "$dir/tree.json" "d['certificate']['layers_listed']")
"$kamisado" check-proof "$dir/certificate" --threads 2 --json >"$dir/check.json" 2>/dev/null || true
[ "$(field "$dir/check.json" "d['holds']")" = True ] || { echo "FAIL: check-proof refuses the certificate: $(field "$dir/check.json" "d['failure']")"; exit 1; }
stored=$(field "$dir/check.json" "d['layers_read_stored']")
[ "$stored" = "$layers" ] || { echo "FAIL: $stored of the $layers layers listed were read as stored"; exit 1; }
mpirun -np 2 --oversubscribe "$kamisado" check-proof "$dir/certificate" --mpi --json >"$dir/check-mpi.json" 2>/dev/null || true
[ "$(field "$dir/check-mpi.json" "d['holds']")" = True ] || { echo "FAIL: check-proof --mpi refuses the certificate"; exit 1; }
echo "its certificate, $layers layers stored on the ranks, holds on threads and across ranks"

# Run again on the shards it saved: their starts are known, and the root's master claims, not proves, them.
"${tree[@]}" --json >"$dir/again.json" 2>/dev/null
[ "$(field "$dir/again.json" "d['value']")" = "$a" ] || { echo "FAIL: run again from its shards: $(field "$dir/again.json" "d['value']")"; exit 1; }
read_back=$(field "$dir/again.json" "d['table_read']")
[ "$read_back" -gt 0 ] || { echo "FAIL: run again, it read nothing from its shards"; exit 1; }
echo "run again: $a, from $read_back starts of its shards"

# Going on from one process's table: its starts read back, their layers from its certificate.
"$kamisado" "${solve[@]}" --starts "$dir/one.starts" --certificate "$dir/earlier" --regenerate-layers --json >/dev/null 2>&1
cp "$dir/one.starts" "$dir/refused.starts" && cp "$dir/one.starts" "$dir/on.starts"
on=(mpirun -np "$ranks" --oversubscribe "$kamisado" "${solve[@]}" --mpi --every-level)
rc=0; "${on[@]}" --starts "$dir/refused.starts" --certificate "$dir/refused" >/dev/null 2>"$dir/refused.err" || rc=$?
[ "$rc" = 2 ] && grep -q "no rank stored the layer of the round start .*--layers-from" "$dir/refused.err" || {
  echo "FAIL: a certificate resting on starts read back, with no layers to take, gave exit $rc:"; tail -3 "$dir/refused.err"; exit 1; }
"${on[@]}" --starts "$dir/on.starts" --certificate "$dir/on" --layers-from "$dir/earlier" --json >"$dir/on.json" 2>"$dir/on.err" || {
  echo "FAIL: going on from the table with --layers-from:"; tail -5 "$dir/on.err"; exit 1; }
same_value "$dir/one.json" "$dir/on.json" "$ranks ranks going on from the table"
taken=$(field "$dir/on.json" "d['certificate']['layers_made_again']")
[ "$taken" -gt 0 ] || { echo "FAIL: going on from the table, no layer was taken from its certificate"; exit 1; }
"$kamisado" check-proof "$dir/on" --threads 2 --json >"$dir/on-check.json" 2>/dev/null || true
[ "$(field "$dir/on-check.json" "d['holds']")" = True ] || { echo "FAIL: check-proof refuses the certificate going on from the table: $(field "$dir/on-check.json" "d['failure']")"; exit 1; }
echo "going on from one process's table: $a; refused without --layers-from; with it, $taken layers taken from its certificate, and the whole holds"
