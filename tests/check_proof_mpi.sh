#!/usr/bin/env bash
# A certificate that lists its layers checked across two MPI ranks (check-proof DIR --mpi,
# solver/match/regenerated_certificate.h, issue 43): the verdict of one process, its layers made
# on the other rank; a journal kept on rank 0 lets the check go on; a damaged layer is named in
# one line, as one process names it; one rank is refused in one line.
# Usage: check_proof_mpi.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
# Gold to move at 2:1-0 loses; its proof by rounds ends at some 60 round starts (test_by_rounds).
pos="gr4p1/4P1Gy/5b2/8/o7/3n1R2/2Y3Nk/1B1O2K1 g o 2:1-0"
cert="$dir/certificate"

"$kamisado" solve "$pos" --goal match --by-rounds --hash 4 --starts "$dir/run.starts" >/dev/null 2>&1
"$kamisado" solve "$pos" --goal match --by-rounds --hash 4 --starts "$dir/run.starts" --certificate "$cert" --regenerate-layers >/dev/null 2>&1

"$kamisado" check-proof "$cert" --json >"$dir/one.json" 2>/dev/null
"${mpirun[@]}" "$kamisado" check-proof "$cert" --mpi --json --journal "$dir/check.journal" >"$dir/two.json" 2>/dev/null
for f in holds winner layers_made_again search_nodes leaves_at_round_starts; do
  a=$(field "$dir/one.json" "d['$f']")
  b=$(field "$dir/two.json" "d['$f']")
  [ "$a" = "$b" ] || { echo "FAIL: $f is $b on two ranks, $a in one process"; exit 1; }
done
[ "$(field "$dir/two.json" "d['holds']")" = True ] || { echo "FAIL: the certificate does not hold"; exit 1; }
made=$(field "$dir/two.json" "d['layers_made_again']")
echo "two ranks: holds, $(field "$dir/two.json" "d['winner']") wins, $made layers made again, as one process"

"${mpirun[@]}" "$kamisado" check-proof "$cert" --mpi --json --journal "$dir/check.journal" >"$dir/again.json" 2>/dev/null
[ "$(field "$dir/again.json" "d['layers_from_journal']")" = "$made" ] || { echo "FAIL: the journal was not gone on from"; exit 1; }
echo "run again with its journal: $made layers taken from it"

# A layer stored after all, but another class's: the far rank's failure is the verdict, in one line.
key=$(awk '$1 == "layer" { print $2; exit }' "$cert/layers.txt")
mkdir -p "$cert/starts"
cp "$cert/root.proof" "$cert/starts/$key.proof"
status=0
"$kamisado" check-proof "$cert" >"$dir/one.out" 2>&1 || status=$?
[ "$status" = 1 ] || { echo "FAIL: one process gave exit $status for a swapped layer"; exit 1; }
status=0
"${mpirun[@]}" "$kamisado" check-proof "$cert" --mpi >"$dir/two.out" 2>"$dir/two.err" || status=$?
[ "$status" = 1 ] || { echo "FAIL: two ranks gave exit $status for a swapped layer: $(cat "$dir/two.err")"; exit 1; }
grep -q "its root is not" "$dir/two.out" || { echo "FAIL: two ranks said: $(cat "$dir/two.out")"; exit 1; }
cmp -s "$dir/one.out" "$dir/two.out" || { echo "FAIL: two ranks name another failure than one process"; exit 1; }
echo "a swapped layer refused on two ranks as in one process: $(cat "$dir/two.out")"

expect_refusal "needs 2 ranks" mpirun -np 1 "$kamisado" check-proof "$cert" --mpi
echo "one rank refused"
echo "PASS"
