#!/usr/bin/env bash
# A match proved round by round (solve --by-rounds, solver/match/by_rounds.h) and killed with
# SIGKILL as soon as its round-start table is first on disk resumes from that table to the value
# of a run never stopped (issue 29). A damaged table is refused in one line. Its certificate in
# layers (--certificate DIR), killed once its first layers are on disk, goes on from them; the
# whole checks (check-proof DIR), and a damaged layer is refused in one line that names it.
# Usage: by_rounds_kill_resume.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
# Gold to move at 2:1-0 from a set-up: some 180 jobs, about 20 s on one core.
pos="bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0"
source "$(dirname "$0")/kill_resume_lib.sh"

"$kamisado" solve "$pos" --goal match --by-rounds --starts "$dir/whole.starts" --json >"$dir/whole.json" 2>/dev/null
"$kamisado" solve "$pos" --goal match --by-rounds --starts "$dir/killed.starts" --checkpoint-every 1 --json >"$dir/killed.json" 2>/dev/null &
kill_when_saved $! "$dir/killed.starts"
if [ -s "$dir/killed.json" ]; then
  echo "SKIP: the run finished before its first save, too fast to be killed on this machine"
  exit 77
fi
"$kamisado" solve "$pos" --goal match --by-rounds --starts "$dir/killed.starts" --json >"$dir/resumed.json" 2>/dev/null
read_back=$(field "$dir/resumed.json" "d['table_read']")
[ "$read_back" -gt 0 ] || { echo "FAIL: the second run did not start from the saved table"; exit 1; }
a=$(field "$dir/whole.json" "d['value']")
b=$(field "$dir/resumed.json" "d['value']")
[ "$a" = "$b" ] || { echo "FAIL: the value is $b after the kill, $a uninterrupted"; exit 1; }
[ "$a" != unknown ] || { echo "FAIL: the uninterrupted run decided nothing"; exit 1; }
echo "killed with $read_back starts saved and resumed: $b, as uninterrupted ($(field "$dir/whole.json" "d['table_size']") starts)"

# A damaged table: one line naming it, a non-zero exit, the file left as it was.
python3 - "$dir/killed.starts" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[20] ^= 0x40
open(p, 'wb').write(b)
PY
before=$(md5sum <"$dir/killed.starts")
if "$kamisado" solve "$pos" --goal match --by-rounds --starts "$dir/killed.starts" >"$dir/damaged.out" 2>"$dir/damaged.err"; then
  echo "FAIL: a damaged table was accepted"; exit 1
fi
[ "$(wc -l <"$dir/damaged.err")" -eq 1 ] || { echo "FAIL: not one line: $(cat "$dir/damaged.err")"; exit 1; }
grep -q "killed.starts" "$dir/damaged.err" || { echo "FAIL: the error does not name the file: $(cat "$dir/damaged.err")"; exit 1; }
[ "$(md5sum <"$dir/killed.starts")" = "$before" ] || { echo "FAIL: the damaged table was written over"; exit 1; }
echo "damaged table refused: $(cat "$dir/damaged.err")"

# The certificate in layers, on the table of the whole run (every start proved: its masters only).
"$kamisado" solve "$pos" --goal match --by-rounds --starts "$dir/whole.starts" --certificate "$dir/cert" --checkpoint-every 1 \
  --json >"$dir/cert.json" 2>/dev/null &
kill_when_saved $! "$dir/cert/.kamisado-files"
if [ -s "$dir/cert.json" ]; then
  echo "SKIP: the certificate was written before its first layers were, too fast to be killed on this machine"
  exit 77
fi
"$kamisado" solve "$pos" --goal match --by-rounds --starts "$dir/whole.starts" --certificate "$dir/cert" --json >"$dir/cert.json" 2>/dev/null
kept=$(field "$dir/cert.json" "d['kept']")
[ "$kept" -gt 0 ] || { echo "FAIL: the certificate's second run kept no layer of the first"; exit 1; }
"$kamisado" check-proof "$dir/cert" --json >"$dir/check.json"
[ "$(field "$dir/check.json" "d['winner']")" = "$(field "$dir/whole.json" "d['winner']")" ] || { echo "FAIL: the certificate's winner is not the run's"; exit 1; }
echo "certificate killed and resumed with $kept layers kept; check-proof: $(field "$dir/check.json" "sum(l['layers'] for l in d['layers'])") layers hold"
layers=("$dir"/cert/starts/*.proof)
layer=${layers[0]}
python3 - "$layer" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[len(b) // 2] ^= 0x10
open(p, 'wb').write(b)
PY
status=0
"$kamisado" check-proof "$dir/cert" >"$dir/check.out" 2>"$dir/check.err" || status=$?  # progress lines on stderr
[ "$status" = 1 ] || { echo "FAIL: a damaged layer gave exit $status: $(cat "$dir/check.out")"; exit 1; }
[ "$(wc -l <"$dir/check.out")" -eq 1 ] && grep -q "$layer" "$dir/check.out" || { echo "FAIL: $(cat "$dir/check.out")"; exit 1; }
echo "damaged layer refused: $(cat "$dir/check.out")"
rm -rf "$dir/cert"  # some 100 MB
echo "PASS"
