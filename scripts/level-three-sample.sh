#!/usr/bin/env bash
# What a match's round-3 starts cost, all the way down, by two binaries side by side (issue 69):
# the root's plan, the plan of its middle round-2 start (both by A), and N of that plan's
# round-3 starts, evenly spread, each planned down to the deciding rounds (`solve START
# --by-rounds --plan --levels 8`) by A then B. Prints a line per start and binary (its score
# and the core-seconds projected below it: the start's plan and every level under it), then
# per binary the mean at each score and the mean weighted by the scores' shares of the round-2
# plan. One process at a time; the Standard match's plans take about 15 minutes, then 1 to 3
# minutes a 1-1 start.
#
#   scripts/level-three-sample.sh A B [N] [ROOT]
#
# Example (docs/solver.md, "Jobs priced by what they cost"):
#   scripts/level-three-sample.sh build/compare/BASE/kamisado build/release/kamisado 16
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/level-three-sample.sh A B [N] [ROOT]" >&2; exit 2; }
a=$(realpath "$1") b=$(realpath "$2") n=${3:-16} root=${4:-"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
plan() { "$a" solve "$1" --goal match --by-rounds --plan --hash 1024 --json 2>/dev/null; }
middle() { python3 -c "import json,sys; j=json.load(sys.stdin)['jobs']; print(j[len(j)//2])"; }
round_two=$(plan "$root" | middle)
plan "$round_two" > "$work/plan.json"
python3 - "$work/plan.json" "$n" > "$work/starts" <<'EOF'
import json, sys
jobs = json.load(open(sys.argv[1]))["jobs"]
n = min(int(sys.argv[2]), len(jobs))
for i in range(n):
    print(jobs[i * len(jobs) // n])
EOF
echo "round-2 start: $round_two ($(python3 -c "import json; print(len(json.load(open('$work/plan.json'))['jobs']))" ) round-3 starts)"
while read -r start; do
  for side in A B; do
    bin=$a
    [ $side = B ] && bin=$b
    "$bin" solve "$start" --goal match --by-rounds --plan --levels 8 --hash 256 --json 2>/dev/null > "$work/levels.json"
    python3 - "$work/levels.json" "$side" >> "$work/costs" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
print(sys.argv[2], j["kfen"].split()[-1], round(j["core_hours"] * 3600, 2), j["kfen"], sep="\t")
EOF
    tail -1 "$work/costs"
  done
done < "$work/starts"
python3 - "$work/plan.json" "$work/costs" <<'EOF'
import collections, json, statistics, sys
shares = collections.Counter(s.split()[-1] for s in json.load(open(sys.argv[1]))["jobs"])
total = sum(shares.values())
costs = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[2]):
    side, score, seconds, _ = line.rstrip("\n").split("\t")
    costs[side][score].append(float(seconds))
for side in sorted(costs):
    means = {score: statistics.mean(v) for score, v in costs[side].items()}
    weighted = sum(shares[s] / total * m for s, m in means.items()) / sum(shares[s] / total for s in means)
    parts = ", ".join(f"{s}: {len(costs[side][s])} starts, {m:.2f} s" for s, m in sorted(means.items()))
    print(f"{side}: {parts}; weighted by the plan's shares {weighted:.2f} core-seconds a round-3 start")
EOF
