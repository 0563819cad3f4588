#!/usr/bin/env bash
# scripts/census.sbatch submitted unchanged to a single-node Slurm started on this machine
# (slurm_node.sh): the job's merged census equals a one-process run. Needs root and slurm-wlm
# (exit 77: skipped otherwise).
# Usage: census_slurm.sh KAMISADO_BINARY SCRATCH_DIR REPOSITORY
set -euo pipefail
kamisado=$1
scratch=$2
repo=$3
source "$(dirname "$0")/slurm_node.sh" "$scratch"

subspace=range:305:345
"$kamisado" census plan "$scratch/run" --subspace "$subspace" --shard-size 5 >/dev/null  # 8 shards for the 2 tasks
(cd "$repo" && submit_and_wait "$scratch/job.out" --ntasks=2 --export=ALL,KAMISADO="$kamisado" scripts/census.sbatch "$scratch/run" "$subspace")
[ -s "$scratch/run/merged.json" ] || { echo "FAIL: the job wrote no merged result"; exit 1; }

"$kamisado" census plan "$scratch/single" --subspace "$subspace" --shard-size 5 >/dev/null
"$kamisado" census run "$scratch/single" 2>/dev/null
strip='import json, sys
d = json.load(open(sys.argv[1]))
d.pop("seconds"); d.pop("runs")
for w in d["second_mover_wins"]: w.pop("proof")
print(json.dumps(d, sort_keys=True))'
"$kamisado" census merge "$scratch/single" --json >"$scratch/single.json"
[ "$(python3 -c "$strip" "$scratch/run/merged.json")" = "$(python3 -c "$strip" "$scratch/single.json")" ] ||
  { echo "FAIL: the Slurm job and one process disagree"; exit 1; }
echo "census.sbatch on a single-node Slurm (2 tasks): the same result as one process"
