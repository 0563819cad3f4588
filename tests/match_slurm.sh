#!/usr/bin/env bash
# scripts/match.sbatch submitted unchanged to a single-node Slurm started on this machine
# (slurm_node.sh), on the 2-point match at 2:1-0 from a set-up: the job's run on the job tree,
# under mpirun on its 2 tasks, ends with the value of a one-process run, and its certificate,
# written on the proving task, holds with it.
# Needs root and slurm-wlm (exit 77: skipped otherwise).
# Usage: match_slurm.sh KAMISADO_BINARY SCRATCH_DIR REPOSITORY
set -euo pipefail
kamisado=$1
scratch=$2
repo=$3
source "$(dirname "$0")/slurm_node.sh" "$scratch"

kfen="bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0"
(cd "$repo" && submit_and_wait "$scratch/job.out" --ntasks=2 --export=ALL,KAMISADO="$kamisado",HASH=64 scripts/match.sbatch "$kfen" "$scratch/run")
[ -s "$scratch/run/check.json" ] || { echo "FAIL: the job wrote no check"; exit 1; }
"$kamisado" solve "$kfen" --goal match --by-rounds --hash 64 --json >"$scratch/single.json" 2>/dev/null
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
[ "$(field "$scratch/run/answer.json" "d['winner']")" = "$(field "$scratch/single.json" "d['winner']")" ] ||
  { echo "FAIL: the Slurm job and one process disagree"; exit 1; }
[ "$(field "$scratch/run/check.json" "d['holds'] and d['winner']")" = "$(field "$scratch/single.json" "d['winner']")" ] ||
  { echo "FAIL: the job's certificate does not hold with the run's winner"; exit 1; }
echo "match.sbatch on a single-node Slurm (2 tasks): $(field "$scratch/single.json" "d['winner']") wins, as one process; its certificate holds"
