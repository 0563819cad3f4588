#!/usr/bin/env bash
# A search killed (SIGKILL, no chance to save) resumes from its last checkpoint
# (solver/proof/checkpoint.h):
#   1. the 1-point match from the set-up (P3, B5) in a 1 MB table, killed as soon as its first
#      checkpoint is on disk, then run again with the same command: the same value, distance and
#      best move as an uninterrupted run;
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

# 1. Killed, resumed, the same answer.
"$kamisado" solve "$start 1:0-0" --goal match --hash 1 --json >"$dir/whole.json" 2>/dev/null
"$kamisado" solve "$start 1:0-0" --goal match --hash 1 --checkpoint "$dir/one.ckpt" --checkpoint-every 1 --json \
  >"$dir/killed.json" 2>/dev/null &
kill_when_saved $! "$dir/one.ckpt"
if [ -s "$dir/killed.json" ]; then
  echo "SKIP: the search finished before its first checkpoint, too fast to be killed on this machine"
  exit 77
fi
"$kamisado" solve "$start 1:0-0" --goal match --checkpoint "$dir/one.ckpt" --json >"$dir/resumed.json" 2>/dev/null
[ "$(field "$dir/resumed.json" "d['checkpoint']['resumed']")" = True ] || { echo "FAIL: the second run did not resume"; exit 1; }
# Issue 44: an answer resting on a search read back says so (the checkpoint's table is unchecked).
[ "$(field "$dir/resumed.json" "d['checkpoint']['unchecked']")" = True ] || { echo "FAIL: the resumed answer is not marked unchecked"; exit 1; }
for f in value winner best distance; do
  a=$(field "$dir/whole.json" "d['$f']")
  b=$(field "$dir/resumed.json" "d['$f']")
  [ "$a" = "$b" ] || { echo "FAIL: $f is $b after the kill, $a uninterrupted"; exit 1; }
done
echo "killed after its first save and resumed: $(field "$dir/resumed.json" "d['value']"), best $(field "$dir/resumed.json" "d['best']"), as uninterrupted"

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
