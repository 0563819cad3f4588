#!/usr/bin/env bash
# The published collection's certificates (issue 6), re-verified by `kamisado check-proof`: each
# sampled puzzle's certificate must hold, count the winner's moves, prove the puzzle's N for its
# winner, and start from the puzzle's position with its key.
# Usage: check_puzzle_certificates.sh KAMISADO_BINARY COLLECTION_DIR SAMPLE   (SAMPLE 0: all)
set -euo pipefail
kamisado=$1
dir=$2
sample=$3
python3 - "$kamisado" "$dir" "$sample" <<'PY'
import json, subprocess, sys
kamisado, folder, sample = sys.argv[1], sys.argv[2], int(sys.argv[3])
puzzles = json.load(open(f"{folder}/puzzles.json"))["puzzles"]
if sample and sample < len(puzzles):
    step = len(puzzles) / sample  # spread over the collection, which is ordered by N
    puzzles = [puzzles[int(i * step)] for i in range(sample)]
failed = 0
for p in puzzles:
    path = f"{folder}/{p['certificate']}"
    run = subprocess.run([kamisado, "check-proof", path, "--json"], capture_output=True, text=True)
    problems = []
    if run.returncode != 0:
        problems.append(f"check-proof exit {run.returncode}: {run.stdout.strip()} {run.stderr.strip()}")
    else:
        got = json.loads(run.stdout)
        if not got["holds"]: problems.append("does not hold: " + got["failure"])
        if got.get("winner_moves") != p["n"]: problems.append(f"proves {got.get('winner_moves')} winner's moves, not N = {p['n']}")
        if got["winner"] != p["winner"]: problems.append(f"proves a win for {got['winner']}, not {p['winner']}")
    with open(path) as f:
        root = next(l for l in f if l.startswith("0 "))
    kfen, moves = root.split(" |")[0].split(" ", 3)[3], root.split(" |")[1].split()
    if kfen != p["kfen"]: problems.append(f"its root is {kfen}, not the puzzle {p['kfen']}")
    if moves[:1] != [p["key"]]: problems.append(f"its first move is {moves[:1]}, not the key {p['key']}")
    if problems:
        failed += 1
        print(f"FAIL puzzle {p['id']} ({path}): " + "; ".join(problems))
print(f"{len(puzzles) - failed} of {len(puzzles)} certificates hold and match their puzzles")
sys.exit(1 if failed else 0)
PY
