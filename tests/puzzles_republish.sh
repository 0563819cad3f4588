#!/usr/bin/env bash
# The main job's `puzzles publish` over the committed collection (README's first command): a copy of
# reports/puzzles is published again as scripts/run.sh does it. It must be accepted (every file the
# folder's ledger names is as kamisado wrote it: a hand edit of the README broke the main job once)
# and keep the collection (the same puzzles, keys and positions: publish adds only what is missing).
# Usage: puzzles_republish.sh KAMISADO_BINARY   (run from the repository's root)
set -euo pipefail
kamisado=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a reports/puzzles "$work/puzzles"
"$kamisado" puzzles publish --out "$work/puzzles" --seed 1 --study-roots tests/data/retro_roots.json >/dev/null
python3 - reports/puzzles/puzzles.json "$work/puzzles/puzzles.json" <<'PY'
import json, sys
def collection(path):
    return {p["id"]: (p["kfen"], p["key"], p["n"], p["winner"]) for p in json.load(open(path))["puzzles"]}
committed, again = collection(sys.argv[1]), collection(sys.argv[2])
if committed != again:
    changed = sorted(i for i in committed.keys() | again.keys() if committed.get(i) != again.get(i))
    sys.exit(f"publish changed the committed collection: puzzles {changed[:10]} differ")
print(f"republished: the ledger accepts every file, and the {len(committed)} puzzles are kept")
PY
