#!/usr/bin/env bash
# The 2-point match's frontier as a benchmark: each round-3 start of tests/data/round_three_starts.txt
# (1–1, the round decides the match) proved from an empty table with the match aim, value only,
# one process each. Prints each start's nodes and seconds, then the totals as "N nodes" and
# "search seconds: S" (the forms scripts/compare.sh reads: the searches' own time, without the
# 200 process start-ups) and the mean per start. Any start left unknown fails the run.
#
#   scripts/round-three-bench.sh [KAMISADO] [STARTS_FILE]
#   scripts/compare.sh BASE -- 'scripts/round-three-bench.sh $KAMISADO'
set -euo pipefail
kamisado=${1:-build/release/kamisado}
starts=${2:-$(dirname "$0")/../tests/data/round_three_starts.txt}
grep -v '^#' "$starts" | while read -r kfen; do
  "$kamisado" solve "$kfen" --goal match --value-only --json </dev/null
done | python3 -c '
import json, sys
nodes = seconds = count = 0
text, at, decoder = sys.stdin.read(), 0, json.JSONDecoder()
while text[at:].strip():
    r, at = decoder.raw_decode(text, len(text) - len(text[at:].lstrip()))
    if r["value"] not in ("win", "loss"): sys.exit("round-three-bench: %s left unknown" % r["kfen"])
    nodes += r["nodes"]; seconds += r["seconds"]; count += 1
    print("%-52s %-4s %9d nodes %7.3f s" % (r["kfen"], r["value"], r["nodes"], r["seconds"]))
print("%d starts, %.0f nodes a start" % (count, nodes / max(count, 1)))
print("search seconds: %.3f" % seconds)
print("%d nodes" % nodes)
'
