#!/usr/bin/env bash
# The Standard match projected by levels with jobs priced by depth and flat (issue 69: the lever
# job_depth against the pricing before it), by one binary, side by side: both projections at
# once, one core each, the same level-2 starts (the root's plan does not depend on the price).
# Each keeps its plans in a journal under reports/levels/ (levels_journal.h), so a run stopped or
# killed goes on where it was: run the same command again, with a build of the same src/ and
# solver/ (the journal's header names their git trees; commit the journals as they grow). Ends
# with each projection's JSON beside its journal.
#
#   scripts/levels-side-by-side.sh [N] [KAMISADO] [ROOT]
#
# N starts of each score at each level (default 8); KAMISADO, the binary (default
# build/release/kamisado); ROOT, the match (default the Standard match from the set-up).
# Level 2 plans for 10 to 30 minutes a start: with 8, some 1.5 hours flat and 3 by depth.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-8} bin=$(realpath "${2:-build/release/kamisado}") root=${3:-"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0"}
mkdir -p reports/levels
project() {  # NAME [--flat-prices]
  local name=$1
  shift
  "$bin" solve "$root" --goal match --by-rounds --plan --levels "$n" --hash 1024 "$@" \
    --journal "reports/levels/$name.jsonl" --json > "reports/levels/$name.json.part" 2> "reports/levels/$name.log" &&
    mv "reports/levels/$name.json.part" "reports/levels/$name.json"
}
project standard-depth-prices & depth=$!
project standard-flat-prices --flat-prices & flat=$!
status=0
wait $depth || status=$?
wait $flat || status=$?
for name in standard-depth-prices standard-flat-prices; do
  [ -f "reports/levels/$name.json" ] && python3 -c "import json,sys; j=json.load(open(sys.argv[1])); lo,hi=j['core_hours_90']; print(f\"{sys.argv[2]}: {j['core_hours']:.3g} core-hours (90 %: {lo:.3g} to {hi:.3g}), {j['projected_starts']:.3g} starts, {j['plans_from_journal']} plans from the journal, complete: {j['complete']}\")" "reports/levels/$name.json" "$name"
done
exit $status
