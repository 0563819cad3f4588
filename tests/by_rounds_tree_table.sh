#!/usr/bin/env bash
# The 2-point match's set-up continued from the committed table (reports/match/two-point.starts)
# with every level's jobs handed out (solve --by-rounds --mpi --every-level, issue 68): on RANKS
# MPI ranks, the value one process gives from the same table, resting on as many starts read back,
# and no round-2 start handed out. The table is read into the ranks' shards, and a master looks up
# the starts it meets in them (src/run/job_tree.h, A START IS LOOKED UP) and plans again where one
# is won against its guess: so the root plans the proof the table holds, as one process does,
# instead of another resting on starts nobody proved (479 of them before the look-ups). One
# process: 45 s; 4 ranks: about 2 minutes here (2 cores). With CERT, the certificate written from
# TABLE (reports/match/two-point.certificate), the run writes its own, taking the layers of the
# starts it reads back from CERT (--layers-from), and check-proof must accept it: it makes those
# layers again from CERT's table, 78 025 for the committed one, some 35 minutes more. The slow job.
# Usage: by_rounds_tree_table.sh KAMISADO_BINARY RANKS TABLE SCRATCH_DIR [CERT]
set -euo pipefail
kamisado=$1 ranks=$2 table=$3 dir=$4 cert=${5:-}
source "$(dirname "$0")/kill_resume_lib.sh"
start_mpi_test "$dir"
# --hash 1024: the table's own run's; a master with another table size plans another proof.
solve=(solve "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 2:0-0" --goal match --by-rounds --hash 1024)
cp "$table" "$dir/one.starts"
cp "$table" "$dir/tree.starts"
"$kamisado" "${solve[@]}" --plans --starts "$dir/one.starts" --json >"$dir/one.json" 2>/dev/null
certify=()
[ -z "$cert" ] || certify=(--certificate "$dir/certificate" --layers-from "$cert")
mpirun -np "$ranks" --oversubscribe "$kamisado" "${solve[@]}" --mpi --every-level --starts "$dir/tree.starts" "${certify[@]}" --json >"$dir/tree.json" 2>"$dir/tree.err" || {
  echo "FAIL: the run on $ranks ranks:"; tail -5 "$dir/tree.err"; exit 1; }
same_value "$dir/one.json" "$dir/tree.json" "$ranks ranks"
handed=$(field "$dir/tree.json" "sum(sum(r['jobs_by_level'][1:]) for r in d['ranks'])")
[ "$handed" = 0 ] || { echo "FAIL: $handed starts below the root were proved: the plan did not meet the table"; exit 1; }
u1=$(field "$dir/one.json" "d['unchecked_starts']")
u2=$(field "$dir/tree.json" "d['unchecked_starts']")
[ "$u1" = "$u2" ] || { echo "FAIL: one process rests on $u1 starts read back, $ranks ranks on $u2"; exit 1; }
found=$(field "$dir/tree.json" "d['starts_looked_up_proved']")
echo "$ranks ranks: $b, as one process, resting on the same $u2 starts read back; none proved anew ($found found by look-ups)"
field "$dir/tree.json" "f\"{d['seconds']:.0f} s, {d['nodes']} nodes, {d['starts_looked_up']} starts looked up\""
field "$dir/one.json" "f\"one process: {d['seconds']:.0f} s, {d['nodes']} nodes\""
[ -n "$cert" ] || exit 0
listed=$(field "$dir/tree.json" "d['certificate']['layers_listed']")
"$kamisado" check-proof "$dir/certificate" --threads 2 --json >"$dir/check.json" 2>/dev/null || true
[ "$(field "$dir/check.json" "d['holds']")" = True ] || { echo "FAIL: check-proof refuses the certificate: $(field "$dir/check.json" "d['failure']")"; exit 1; }
field "$dir/check.json" "f\"its certificate holds: {d['winner']} wins, $listed layers listed, {d['layers_made_again']} made again from $cert's table, {d['seconds']:.0f} s\""
