#!/usr/bin/env bash
# The proof search against a base commit on the work that round proofs cost (issue "Round proofs
# five times cheaper"), each measured by scripts/compare.sh (A B A B ..., built side by side), and
# written as the section "## Against BASE (hash)" of reports/solver.md (an older section for the
# same base is replaced, those for other bases are kept; `kamisado solve-bench --report` keeps
# them when it rewrites the rest).
#
#   scripts/solver-against-base.sh BASE [--pairs N] [--report FILE] [--keep DIR] [--from DIR] [--base-binary FILE] [--label TEXT]
#
# The work: the census on regrouped:1000:1 and on sample:2000:77 (summed worker time: one
# worker), the 200 round-3 starts of the 2-point match's frontier (scripts/round-three-bench.sh),
# and the single round's opening (`kamisado opening`, the start and its 102 first moves, each
# with its distance and checked proof tree). --keep DIR keeps compare.sh's output there;
# --from DIR writes the section from such outputs without running anything again.
# --base-binary FILE is a Release build of BASE made earlier (kept when the work began), compared
# with build/release/kamisado (compare.sh --binaries; build it first) instead of building BASE.
# --label TEXT says in the section what the base is (by default 15a4542 is named as the search
# before the threats, any other base by its commit's date and subject).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/solver-against-base.sh BASE [--pairs N] [--report FILE] [--keep DIR] [--from DIR] [--base-binary FILE] [--label TEXT]" >&2; exit 2; }
[ $# -ge 1 ] || usage
base=$1
shift
pairs=3 report=reports/solver.md keep="" from="" base_binary="" label=""
while [ $# -gt 0 ]; do
  case "$1" in
    --pairs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; pairs=$2; shift 2 ;;
    --report) [ -n "${2:-}" ] || usage; report=$2; shift 2 ;;
    --keep) [ -n "${2:-}" ] || usage; keep=$2; shift 2 ;;
    --from) [ -d "${2:-}" ] || usage; from=$2; shift 2 ;;
    --base-binary) [ -x "${2:-}" ] || usage; base_binary=$(realpath "$2"); shift 2 ;;
    --label) [ -n "${2:-}" ] || usage; label=$2; shift 2 ;;
    *) usage ;;
  esac
done
hash=$(git rev-parse --verify --quiet "$base^{commit}") || { echo "scripts/solver-against-base.sh: '$base' is not a commit" >&2; exit 2; }
[ -f "$report" ] || { echo "scripts/solver-against-base.sh: $report does not exist: write it first (kamisado solve-bench --report $report)" >&2; exit 2; }

declare -A work=(
  [regrouped]='$KAMISADO census plan $WORK/r --subspace regrouped:1000:1 >/dev/null && $KAMISADO census run $WORK/r --json'
  [sample]='$KAMISADO census plan $WORK/r --subspace sample:2000:77 >/dev/null && $KAMISADO census run $WORK/r --json'
  [round3]='scripts/round-three-bench.sh $KAMISADO'
  [opening]='$KAMISADO opening --json'
)
order=(regrouped sample round3 opening)

dir=${from:-${keep:-$(mktemp -d)}}
mkdir -p "$dir"
if [ -z "$from" ]; then
  for name in "${order[@]}"; do
    echo "solver-against-base: $name ($pairs pairs)" >&2
    if [ -n "$base_binary" ]; then
      [ -x build/release/kamisado ] || { echo "scripts/solver-against-base.sh: build build/release/kamisado first" >&2; exit 2; }
      # compare.sh names a binary by its path: the current tree is named here as it names it.
      echo "B: the current tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!reports' || echo ', with changes'))" >"$dir/$name.txt"
      scripts/compare.sh --binaries "$base_binary" build/release/kamisado --pairs "$pairs" -- "${work[$name]}" | tee -a "$dir/$name.txt" >&2
    else
      scripts/compare.sh "$hash" --pairs "$pairs" -- "${work[$name]}" | tee "$dir/$name.txt" >&2
    fi
  done
fi

# What the base is, said in the section: the commits the issue names, else its own subject.
case "$hash" in
  15a4542*) what_base="the search before the threats, src/kamisado/threats.h" ;;
  *) what_base="$(git show -s --format='%cs: %s' "$hash" | cut -c1-100)" ;;
esac
what_base=${label:-$what_base}
python3 - "$report" "$hash" "$dir" "$what_base" "$base_binary" "${order[@]}" <<'PY'
import os, re, statistics, sys
report, base, folder, what_base, base_binary, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
how = ("as a Release build of it kept from before the work (`--base-binary`), and the current tree (its commit in the table) "
       "run alternately" if base_binary else "and the current tree (its commit in the table) built side by side and run alternately")
what = {
    "regrouped": "census `regrouped:1000:1` (1000 regrouped starts, summed worker time, one worker)",
    "sample": "census `sample:2000:77` (2000 starts drawn from all home rows, one worker)",
    "round3": "200 round-3 starts of the 2-point match (`scripts/round-three-bench.sh`: the match aim, value only, a process each; time: the searches' own seconds)",
    "opening": "`kamisado opening` (the start and its 102 first moves: value, exact distance, checked proof tree)",
}
rows = []
for name in names:
    text = open(f"{folder}/{name}.txt").read()
    current = re.search(r"B: the current tree \(([^)]*)\)", text).group(1)
    pairs = [l.split() for l in text.splitlines() if re.match(r"^\d+\s+[\d.]+\s+\d+", l)]
    if not pairs:
        sys.exit(f"solver-against-base: no measured pair in {folder}/{name}.txt")
    med = lambda i: statistics.median(float(p[i]) for p in pairs)
    a_nodes, b_nodes = pairs[0][3], pairs[0][6]
    rate = lambda n, s: f"{float(n) / s / 1e6:.2f} M" if n != "-" else "-"
    rows.append((what[name], current, len(pairs), med(1), med(4), a_nodes, b_nodes, rate(a_nodes, med(1)), rate(b_nodes, med(4)),
                 med(7), pairs[0][8]))
lines = [f"## Against BASE ({base[:7]})", "",
         f"Written by `scripts/solver-against-base.sh {base[:7]}`: each work run by `scripts/compare.sh`, the base commit {base[:7]} "
         f"({what_base}) {how}, A B A B. Times are wall seconds of the whole command (medians of the pairs; the round-3 starts' are their searches' own seconds), nodes are the work's "
         "own count (the census's summed nodes, the round-3 starts' sum; the opening's first), nodes/s the nodes over the median "
         "time. Ratios are base over current: above 1 the current tree is faster or expands fewer nodes. Values are unchanged "
         "(the census runs agree class by class; the suites' stored values and distances hold, ctest).", "",
         "| work | current tree | pairs | base s | current s | base nodes | current nodes | base nodes/s | current nodes/s | time base/current | nodes base/current |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
for r in rows:
    lines.append("| {} | {} | {} | {:.1f} | {:.1f} | {} | {} | {} | {} | {:.2f} | {} |".format(*r))
section = "\n".join(lines) + "\n"
# A section per base: an older one for the same base is replaced where it stands, those for
# other bases (the issue's start beside 15a4542) are kept.
old = open(report).read()
title = f"\n## Against BASE ({base[:7]})"
cut = old.find(title)
if cut < 0:
    new = old.rstrip("\n") + "\n\n" + section
else:
    end = old.find("\n## ", cut + len(title))
    new = old[:cut + 1] + section + ("" if end < 0 else old[end:])
# Written beside and renamed, as the tool writes its files (src/io/files.h): a failure leaves the report as it was.
with open(report + ".tmp-against", "w") as out:
    out.write(new.rstrip("\n") + "\n")
os.replace(report + ".tmp-against", report)
print(f"solver-against-base: wrote the section to {report}", file=sys.stderr)
PY
