#!/usr/bin/env bash
# reports/census.md from its runs, on this machine (2 cores): the command the report names.
# Each run lives in its own folder under CENSUS_DIR (default runs/census, not in git: the second
# mover's certificates take gigabytes). A run already complete is only merged again; one that
# was stopped goes on from its shards; a missing one is planned and proved from the start:
#   black-standard     exact: Black's B5 row against every Gold row, either side first (MPI, 2 ranks)
#   sample:100000:1    estimate: 100,000 uniform starts (MPI, 2 ranks)
#   regrouped:1000:1   the starts of `opening --regrouped 1000 --seed 1`, on one worker like it,
#                      set beside that command's checkpoint, made right after it (a virtual
#                      machine's speed drifts: the two are timed together, or both again)
#   sample:1500:2      three times on 1 worker and three times on 2 MPI ranks, in turn: the speed-up
# From scratch this takes about 30 minutes on 2 cores (measured: 5 + 18 + 3 minutes of runs,
# 3 of merging; measured 2026-12-05).
# KAMISADO: the binary (default build/release/kamisado).
set -euo pipefail
cd "$(dirname "$0")/.."
kamisado=${KAMISADO:-build/release/kamisado}
runs=${CENSUS_DIR:-runs/census}
mkdir -p "$runs"
if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
mpi=(mpirun -np 2 --oversubscribe)

census() {  # census DIR SUBSPACE threads|mpi
  "$kamisado" census plan "$1" --subspace "$2" >/dev/null
  if [ "$3" = mpi ]; then "${mpi[@]}" "$kamisado" census run "$1" --mpi; else "$kamisado" census run "$1"; fi
}

census "$runs/black-standard" black-standard mpi
census "$runs/sample-100000-1" sample:100000:1 mpi
if [ ! -e "$runs/regrouped-1000-1/runs.jsonl" ] || [ ! -s "$runs/regrouped-1.jsonl" ]; then
  rm -rf "$runs/regrouped-1000-1" "$runs/regrouped-1.jsonl"
  census "$runs/regrouped-1000-1" regrouped:1000:1 threads
  "$kamisado" opening --regrouped 1000 --seed 1 --checkpoint "$runs/regrouped-1.jsonl" >/dev/null
fi
scale=()
for i in 1 2 3; do
  census "$runs/scale-1-$i" sample:1500:2 threads
  census "$runs/scale-2-$i" sample:1500:2 mpi
  scale+=("$runs/scale-1-$i" "$runs/scale-2-$i")
done
"$kamisado" census report "$runs/black-standard" "$runs/sample-100000-1" "$runs/regrouped-1000-1" "${scale[@]}" \
  --compare-regrouped "$runs/regrouped-1.jsonl" --report reports/census.md --threads 2
