#!/usr/bin/env bash
# A search killed (SIGKILL, no chance to save) resumes from its last checkpoint
# (solver/proof/checkpoint.h):
#   1. the 1-point match from the set-up (P3, B5) in a 1 MB table: stopped after 20 000 nodes,
#      which saves a checkpoint whatever the machine's speed (the search needs far more); run
#      again, resuming from it, and killed the moment it says it resumed; run a third time: the
#      same value, distance and best move as an uninterrupted run. Nothing here waits on a clock,
#      so a fast machine cannot skip it (issue 72: it used to skip itself where the search ended
#      before its first timed save);
#   2. the 2-point match, which runs for hours, killed while it saves every second: whatever
#      moment the kill hits, the file on disk is a whole checkpoint that the next run resumes.
# Usage: checkpoint_kill_resume.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
start="obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
source "$(dirname "$0")/kill_resume_lib.sh"

# 1. Saved, killed while it went on, resumed: the same answer.
"$kamisado" solve "$start 1:0-0" --goal match --hash 1 --json >"$dir/whole.json" 2>/dev/null
"$kamisado" solve "$start 1:0-0" --goal match --hash 1 --checkpoint "$dir/one.ckpt" --nodes 20000 --json >"$dir/first.json" 2>/dev/null || true
[ -s "$dir/one.ckpt" ] || { echo "FAIL: a search stopped by --nodes saved no checkpoint"; exit 1; }
[ "$(field "$dir/first.json" "'distance' in d")" = False ] || { echo "FAIL: 20000 nodes proved the match's distance: the test needs a longer search"; exit 1; }
"$kamisado" solve "$start 1:0-0" --goal match --checkpoint "$dir/one.ckpt" --checkpoint-every 1 --json >"$dir/killed.json" 2>"$dir/killed.err" &
pid=$!
for _ in $(seq 1 2400); do
  grep -q "resuming from" "$dir/killed.err" && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.01
done
kill -9 $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
grep -q "resuming from" "$dir/killed.err" || { echo "FAIL: the second run did not resume: $(cat "$dir/killed.err")"; exit 1; }
[ ! -s "$dir/killed.json" ] || { echo "FAIL: the second run finished before it was killed"; exit 1; }
"$kamisado" solve "$start 1:0-0" --goal match --checkpoint "$dir/one.ckpt" --json >"$dir/resumed.json" 2>/dev/null
[ "$(field "$dir/resumed.json" "d['checkpoint']['resumed']")" = True ] || { echo "FAIL: the third run did not resume"; exit 1; }
# Issue 44: an answer resting on a search read back says so (the checkpoint's table is unchecked).
[ "$(field "$dir/resumed.json" "d['checkpoint']['unchecked']")" = True ] || { echo "FAIL: the resumed answer is not marked unchecked"; exit 1; }
for f in value winner best distance; do
  a=$(field "$dir/whole.json" "d['$f']")
  b=$(field "$dir/resumed.json" "d['$f']")
  [ "$a" = "$b" ] || { echo "FAIL: $f is $b after the kill, $a uninterrupted"; exit 1; }
done
echo "saved, killed as it resumed, resumed again: $(field "$dir/resumed.json" "d['value']"), best $(field "$dir/resumed.json" "d['best']"), as uninterrupted"

# 2. Killed at a random moment of a run that saves every second: the file stays whole, and no
#    half-written temporary file outlives the next save.
for attempt in 1 2 3; do
  "$kamisado" solve "$start 2:0-0" --goal match --hash 64 --checkpoint "$dir/two.ckpt" --checkpoint-every 1 >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 2400); do [ -e "$dir/two.ckpt" ] && break; sleep 0.05; done
  sleep "$(python3 -c "import random; print(round(random.uniform(0.5, 2.5), 2))")"
  kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  "$kamisado" solve "$start 2:0-0" --goal match --checkpoint "$dir/two.ckpt" --time 1 --json >"$dir/two.json" 2>"$dir/two.err" ||
    { echo "FAIL: the checkpoint left by kill $attempt is not resumable: $(cat "$dir/two.err")"; exit 1; }
  before=$(field "$dir/two.json" "d['checkpoint']['nodes_before']")
  [ "$before" -gt 0 ] || { echo "FAIL: resumed with no nodes before"; exit 1; }
  leftovers=$(find "$dir" -name 'two.ckpt.tmp-*' | wc -l)
  [ "$leftovers" -eq 0 ] || { echo "FAIL: $leftovers temporary files left after the next save"; exit 1; }
  echo "kill $attempt: resumed after $before nodes"
done
echo "PASS"
