#!/usr/bin/env bash
# Checks that a change of structure changed no result: two binaries (a build before the change and
# one after) run the same commands, and their answers and the files they write must be identical
# but for timings.
#
#   scripts/same-outputs.sh A B [--keep DIR]
#
# Each command runs with --json where it has it, in a fresh folder per binary; in its answer every
# key that holds a time or a speed (seconds, ms, elapsed, per second, nodes/s, resident memory) is
# dropped, and the rest compared. The files a command writes (proof trees, a retrograde table's
# bytes, a census's export, a round-start table, reports' values) are compared byte for byte,
# except Markdown reports, CSV and JSON lines, compared with every figure that has a decimal point
# (a time, a rate) masked, and SQLite databases (compared by the answers). Exit 1 and the differences if any output differs; --keep DIR keeps both sides' outputs.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/same-outputs.sh A B [--keep DIR]" >&2; exit 2; }
[ $# -ge 2 ] || usage
a=$(realpath "$1") b=$(realpath "$2")
[ -x "$a" ] && [ -x "$b" ] || { echo "scripts/same-outputs.sh: A and B must be executables" >&2; exit 2; }
shift 2
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) [ -n "${2:-}" ] || usage; keep=$2; shift 2 ;;
    *) usage ;;
  esac
done
out=${keep:-$(mktemp -d)}
mkdir -p "$out"
root=$(pwd)

start="obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
late="o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O"
match="$start 1:0-0"
# One command a line: a name, then the command ($K is the binary, $W its folder).
commands=(
  "show|\$K show '$start' --json --svg \$W/start.svg"
  "moves|\$K moves 'o3yrgn/8/8/8/1bpk4/2R5/8/NG1YKPBO b R' --json"
  "play|\$K play --match standard --black greedy --gold random --seed 7 --json"
  "perft|\$K perft 4 --divide --json"
  "selfcheck|\$K selfcheck --json"
  "solve|\$K solve '$start' --proof \$W/start.proof --dot \$W/start.dot --json"
  "solve-match|\$K solve '$match' --goal match --json"
  "solve-ring|\$K solve '$late 15:0-0' --goal ring:2 --json"
  "solve-by-rounds|\$K solve '$match' --goal match --by-rounds --starts \$W/r.starts --certificate \$W/r.cert --json"
  "check-proof|\$K check-proof \$W/start.proof --json"
  "check-certificate|\$K check-proof \$W/r.cert --json"
  "puzzles-solve|\$K puzzles solve '$late' --json"
  "retro-build|\$K retro build '$late' -o \$W/late.retro --json"
  "retro-probe|\$K retro probe \$W/late.retro '$late' --json"
  "retro-stats|\$K retro stats \$W/late.retro --json"
  "retro-verify|\$K retro verify \$W/late.retro --json"
  "retro-crosscheck|\$K retro crosscheck \$W/late.retro --sample 200 --json"
  "census|\$K census plan \$W/c --subspace regrouped:40:1 --shard-size 10 --json && \$K census run \$W/c --json && \$K census merge \$W/c --json"
  "census-export|\$K census export \$W/c --out \$W/c.csv --json"
  "census-starts|\$K census round-starts \$W/c --out \$W/c.starts --json"
  "opening|\$K opening --json"
  "corpus|\$K corpus --out \$W/corpus.json --json"
  "conform|\$K conform --engine '\$K engine' --depth 1 --random 3 --json"
  "census-report|\$K census report \$W/c --report \$W/census.md --json"
  "starts-check|\$K starts check reports/match/two-point.starts --sample 3 --score 1-1 --seconds 30 --json"
  "puzzles-add|\$K puzzles solve '$late' --add \$W/p.db --json && \$K puzzles solve '$late' --add \$W/p.db --json"
  "puzzles-generate|\$K puzzles generate --retro \$W/late.retro --count 2 --n 1 --db \$W/g.db --json"
  "retro-bench|\$K retro bench --sample 100 --report \$W/retro.md --json"
  "bench|\$K bench --depth 4 --sumo-depth 4 --repeat 1 --report \$W/perf.md --json"
  "verify|\$K verify --check pass-chain --corpus \$W/witnesses.json --report \$W/verify.md --json"
  "solve-bench|\$K solve-bench --no-match --repeat 1 --report \$W/solver.md --json"
  "errors|for c in \"solve x\" \"play --kfen '$start' --moves a1a2\" \"retro probe \$W/none.retro '$start'\" \"play --match huge\" \"starts check \$W/r.starts --score 1:0\" \"puzzles solve 'Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o'\" \"retro build 'Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o' -o \$W/x.retro\" \"check-proof \$W/start.proof --journal \$W/j\" \"puzzles generate --retro \$W/late.retro --match --db \$W/x.db\" \"opening --recheck\" \"conform --engine 'x' --kfen '$start' --depth 0\"; do eval \"\$K \$c\"; echo \"exit \$?\"; done 2>&1"
)

# An answer without its timings: JSON keys that name a time or a speed are dropped, at any depth;
# text lines are kept as they are (the error lines).
normalise() {
  python3 - "$1" <<'EOF'
import json, re, sys
TIMING = re.compile(r"(second|_ms$|^ms$|elapsed|per_s|per_minute|slowdown|nodes_per|rate|resident|memory|_mb$|time|speed|nps)", re.I)
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if not TIMING.search(k)}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
text = open(sys.argv[1]).read()
out, decoder, i = [], json.JSONDecoder(), 0
while i < len(text):
    if text[i].isspace():
        i += 1
        continue
    try:
        v, j = decoder.raw_decode(text, i)
        out.append(json.dumps(strip(v), indent=1, sort_keys=True))
        i = j
    except ValueError:
        end = text.find("\n", i)
        end = len(text) if end < 0 else end
        out.append(text[i:end])
        i = end
print("\n".join(out))
EOF
}

faults=0
for side in A B; do
  bin=$a
  [ $side = B ] && bin=$b
  mkdir -p "$out/$side"
  for entry in "${commands[@]}"; do
    name=${entry%%|*} cmd=${entry#*|}
    mkdir -p "$out/$side/files"
    echo "same-outputs: $side $name" >&2
    (cd "$root" && K=$bin W=$out/$side/files bash -c "$cmd" >"$out/$side/$name.out" 2>"$out/$side/$name.err") || echo "exit $?" >>"$out/$side/$name.out"
    normalise "$out/$side/$name.out" | sed "s|$out/$side/files|W|g" >"$out/$side/$name.norm"
  done
done
for entry in "${commands[@]}"; do
  name=${entry%%|*}
  if ! diff -q "$out/A/$name.norm" "$out/B/$name.norm" >/dev/null; then
    echo "same-outputs: $name answers differently:" >&2
    diff "$out/A/$name.norm" "$out/B/$name.norm" | head -20 >&2 || true
    faults=$((faults + 1))
  fi
done
# Files: byte for byte, but for a collection's database (SQLite pages) and
# a shard of a census (its classes' microseconds; every other field is in the export, compared),
# and but for, in a report, a CSV or JSON lines, the folder of each side, a figure with a decimal
# point or an exponent (a time or a rate) and a UTC time stamp.
masked() { sed -E -e "s|$out/[AB]/files|W|g" -e 's/[0-9]+(\.[0-9]+)?e-?[0-9]+|[0-9]+\.[0-9]+/#/g' -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z/#/g' "$1"; }
while IFS= read -r rel; do
  f=$out/A/files/$rel g=$out/B/files/$rel
  case "$rel" in *.db | *.lock | */shard-*.bin) continue ;; esac
  if [ ! -f "$g" ]; then
    echo "same-outputs: B wrote no $rel" >&2
    faults=$((faults + 1))
  elif case "$rel" in *.md|*.csv|*.jsonl) true ;; *) false ;; esac; then
    if ! diff -q <(masked "$f") <(masked "$g") >/dev/null; then
      echo "same-outputs: the file $rel differs:" >&2
      diff <(masked "$f") <(masked "$g") | head -10 >&2 || true
      faults=$((faults + 1))
    fi
  elif ! cmp -s "$f" "$g"; then
    echo "same-outputs: the file $rel differs" >&2
    faults=$((faults + 1))
  fi
done < <(cd "$out/A/files" && find . -type f | sort)
files=$(find "$out/A/files" -type f | wc -l)
echo "same-outputs: ${#commands[@]} commands, $files files written: $faults differ"
[ -z "$keep" ] && rm -rf "$out"
[ "$faults" -eq 0 ]
