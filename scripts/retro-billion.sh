#!/usr/bin/env bash
# The table of a billion positions in reports/retrograde.md (issue 70), made and checked on this
# machine: built, counted (retro stats), cross-checked with the proof search, verified, and probed
# cold from the CLI, the API (kamisado serve) and Python. Each command's --json answer, its time
# and its peak resident memory go into reports/retrograde-billion.json, from which
# `kamisado retro bench --report reports/retrograde.md` writes the report's section on it.
#
#   scripts/retro-billion.sh [WORK]     (WORK: where the 2.5 GB table and 21 GB of layers go;
#                                        default /tmp/retro-billion)
# About 75 minutes on 2 cores and 12 GB of memory. Run as root, the probes are timed with the page
# cache dropped first (cold); otherwise they are timed warm, and the JSON says so. A step whose
# answer is in WORK already is not run again: a killed run goes on (the build from its last phase).
set -euo pipefail
cd "$(dirname "$0")/.."
K=${KAMISADO:-$PWD/build/release/kamisado}
W=${1:-/tmp/retro-billion}
OUT=reports/retrograde-billion.json
# Greedy self-play, seed 1 (the game of the report's single-* roots): its ply 8 is Black's Yellow
# tower on d1, which the game moves to h5 (ply 9: 441 M positions; ply 8 itself some 3 x 10^9, more
# than this machine's memory). This root is the game's ply 9 with Black's other move d1f3.
ROOT="o1p1y1g1/B1R1K1N1/8/8/8/1b3Y2/3k1r1n/1G3P1O g o"
PROBE="2p1y1g1/BoR1K1N1/8/8/8/1b3Y2/3k1r1n/1G3P1O b O"  # after Gold's a8b7, its worst: 15 plies to the end
T=$W/billion.retro
mkdir -p "$W"

step() {  # step NAME COMMAND...: its JSON answer and {"seconds", "resident_kb"}, unless done
  local name=$1
  shift
  [ -s "$W/$name.json" ] && return 0
  /usr/bin/time -f '{"seconds": %e, "resident_kb": %M}' -o "$W/$name.time" "$@" --json > "$W/$name.tmp" 2> "$W/$name.log" || {
    tail -3 "$W/$name.log" >&2
    return 1
  }
  mv "$W/$name.tmp" "$W/$name.json"
}
cold() { if [ "$(id -u)" = 0 ]; then sync && echo 3 > /proc/sys/vm/drop_caches; fi; }

step build "$K" retro build "$ROOT" -o "$T" --threads 2 --max-positions 2000000000
step stats "$K" retro stats "$T" --threads 2 --sample 1000 --seed 1
# Every position at the longest distances, as many as fit 2 000, besides the sample.
LONG=$(python3 -c '
import json, sys
rows = sorted(json.load(open(sys.argv[1]))["by_distance"], key=lambda r: -r["distance"])
n, d = 0, rows[0]["distance"]
for r in rows:
    if n + r["wins"] + r["losses"] > 2000: break
    n, d = n + r["wins"] + r["losses"], r["distance"]
print(d)' "$W/stats.json")
step crosscheck "$K" retro crosscheck "$T" --sample 10000 --seed 1 --long "$LONG"
step verify "$K" retro verify "$T" --threads 2

# Cold probes: the CLI (the table cold, the binary and its libraries in the cache; then all of it
# cold), Python, and the API of a server started cold.
cold
"$K" show "$PROBE" > /dev/null
step probe_cli "$K" retro probe "$T" "$PROBE"
cold
step probe_cli_all_cold "$K" retro probe "$T" "$PROBE"
cold
PYTHONPATH=build/release/python python3 - "$T" "$PROBE" > "$W/probe_python.json" <<'PY'
import json, os, sys, time
import kamisado
path, kfen = sys.argv[1], sys.argv[2]
page = os.sysconf("SC_PAGE_SIZE")
before = int(open("/proc/self/statm").read().split()[1]) * page
t = time.perf_counter()
answer = kamisado.RetroTable(path).probe(kamisado.Position(kfen))
seconds = time.perf_counter() - t
after = int(open("/proc/self/statm").read().split()[1]) * page
print(json.dumps({"seconds": seconds, "resident_added_bytes": after - before, "answer": answer}))
PY
cold
PORT=${PORT:-18770}
"$K" serve --book "$T" --port "$PORT" > "$W/serve.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2> /dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/v1/server" > /dev/null && break || sleep 0.1; done
cold
resident() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
BEFORE=$(resident)
curl -sf -o "$W/probe_api.answer" -w '%{time_total}' "http://127.0.0.1:$PORT/api/v1/analyse?kfen=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$PROBE")" > "$W/probe_api.seconds"
AFTER=$(resident)
kill $SERVER
python3 -c '
import json, sys
print(json.dumps({"seconds": float(open(sys.argv[1]).read()), "resident_kb_before": int(sys.argv[2]), "resident_kb_after": int(sys.argv[3]),
                  "answer": json.load(open(sys.argv[4]))}))' "$W/probe_api.seconds" "$BEFORE" "$AFTER" "$W/probe_api.answer" > "$W/probe_api.json"

python3 - "$W" "$ROOT" "$PROBE" "$LONG" "$(id -u)" "$(git rev-parse --short HEAD)" > "$OUT.tmp" <<'PY'
import datetime, json, os, sys
w, root, probe, long, uid, commit = sys.argv[1:]
def read(name):
    j = {"answer": json.load(open(os.path.join(w, name + ".json")))}
    if os.path.exists(os.path.join(w, name + ".time")): j.update(json.load(open(os.path.join(w, name + ".time"))))
    return j
steps = {n: read(n) for n in ["build", "stats", "crosscheck", "verify", "probe_cli", "probe_cli_all_cold"]}
for n in ["probe_python", "probe_api"]: steps[n] = json.load(open(os.path.join(w, n + ".json")))
print(json.dumps({"root": root, "chosen": "greedy self-play, seed 1, ply 9 with Black's d1f3 in place of the game's d1h5",
                  "probe": probe, "long": int(long), "cold": uid == "0", "commit": commit,
                  "date": datetime.date.today().isoformat(), "cpus": os.cpu_count(), "steps": steps}, indent=1))
PY
mv "$OUT.tmp" "$OUT"
echo "retro-billion: $OUT written"
