#!/usr/bin/env bash
# A match proved round by round (solve --by-rounds, solver/match/by_rounds.h) and killed with
# SIGKILL as soon as its round-start table is first on disk resumes from that table to the value
# of a run never stopped (issue 29). A damaged table is refused in one line.
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
echo "PASS"
