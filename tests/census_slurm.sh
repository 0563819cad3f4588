#!/usr/bin/env bash
# scripts/census.sbatch submitted unchanged to a single-node Slurm started on this machine
# (../shared/notes/slurm-single-node.md): the job's merged census equals a one-process run.
# The daemons run from a scratch configuration (SLURM_CONF) and are stopped by their PIDs at the
# end; munged is stopped only if this test started it. Needs root and slurm-wlm (exit 77:
# skipped otherwise).
# Usage: census_slurm.sh KAMISADO_BINARY SCRATCH_DIR REPOSITORY
set -euo pipefail
kamisado=$1
scratch=$2
repo=$3
if [ "$(id -u)" != 0 ] || ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "skipped: needs root, slurm-wlm and munge"
  exit 77
fi
rm -rf "$scratch"
mkdir -p "$scratch"/{ctld,slurmd,log}
host=$(hostname -s)
cat >"$scratch/slurm.conf" <<EOF
ClusterName=kamisado-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$scratch/ctld
SlurmdSpoolDir=$scratch/slurmd
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/log/slurmctld.log
SlurmdLogFile=$scratch/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$(nproc) RealMemory=$(free -m | awk '/^Mem:/ {print int($2 * 0.9)}') State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$scratch/slurm.conf

started_munge=""
stop_all() {
  for f in "$scratch/slurmd.pid" "$scratch/slurmctld.pid"; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
  if [ -n "$started_munge" ]; then pkill -x munged || true; fi
}
trap stop_all EXIT

if ! pgrep -x munged >/dev/null; then
  mkdir -p /run/munge && chown munge:munge /run/munge
  su -s /bin/sh munge -c /usr/sbin/munged
  started_munge=yes
fi
/usr/sbin/slurmctld
/usr/sbin/slurmd
for _ in $(seq 1 60); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o %t | grep -q idle || { echo "FAIL: the Slurm node never became idle"; cat "$scratch"/log/*.log; exit 1; }

subspace=range:305:345
"$kamisado" census plan "$scratch/run" --subspace "$subspace" --shard-size 5 >/dev/null  # 8 shards for the 2 tasks
job=$(cd "$repo" && sbatch --parsable --ntasks=2 --output="$scratch/job.out" --export=ALL,KAMISADO="$kamisado" \
  scripts/census.sbatch "$scratch/run" "$subspace")
for _ in $(seq 1 600); do
  squeue -h -j "$job" 2>/dev/null | grep -q . || break
  sleep 1
done
cat "$scratch/job.out"
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
echo "census.sbatch on a single-node Slurm (job $job, 2 tasks): the same result as one process"
