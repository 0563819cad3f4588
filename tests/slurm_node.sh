# A single-node Slurm started on this machine for a test (../shared/notes/slurm-single-node.md),
# sourced by the tests that submit our batch scripts (census_slurm.sh, match_slurm.sh). The
# daemons run from a scratch configuration (SLURM_CONF) and are stopped by their PIDs when the
# test exits; munged is stopped only if this started it. Needs root and slurm-wlm: without them
# the sourcing test exits 77 (skipped).
# Usage: source slurm_node.sh SCRATCH_DIR; then submit_and_wait JOB_OUTPUT sbatch-arguments...
slurm_scratch=$1
if [ "$(id -u)" != 0 ] || ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "skipped: needs root, slurm-wlm and munge"
  exit 77
fi
rm -rf "$slurm_scratch"
mkdir -p "$slurm_scratch"/{ctld,slurmd,log}
slurm_host=$(hostname -s)
cat >"$slurm_scratch/slurm.conf" <<CONF
ClusterName=kamisado-test
SlurmctldHost=$slurm_host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$slurm_scratch/ctld
SlurmdSpoolDir=$slurm_scratch/slurmd
SlurmctldPidFile=$slurm_scratch/slurmctld.pid
SlurmdPidFile=$slurm_scratch/slurmd.pid
SlurmctldLogFile=$slurm_scratch/log/slurmctld.log
SlurmdLogFile=$slurm_scratch/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$slurm_host CPUs=$(nproc) RealMemory=$(free -m | awk '/^Mem:/ {print int($2 * 0.9)}') State=UNKNOWN
PartitionName=debug Nodes=$slurm_host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$slurm_scratch/slurm.conf

slurm_started_munge=""
slurm_stop() {
  for f in "$slurm_scratch/slurmd.pid" "$slurm_scratch/slurmctld.pid"; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
  if [ -n "$slurm_started_munge" ]; then  # gone before the next test looks for one
    pkill -x munged || true
    for _ in $(seq 1 20); do pgrep -x munged >/dev/null || break; sleep 0.5; done
  fi
}
trap slurm_stop EXIT

if ! pgrep -x munged >/dev/null; then
  mkdir -p /run/munge && chown munge:munge /run/munge
  su -s /bin/sh munge -c /usr/sbin/munged
  slurm_started_munge=yes
fi
/usr/sbin/slurmctld
/usr/sbin/slurmd
for _ in $(seq 1 60); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o %t | grep -q idle || { echo "FAIL: the Slurm node never became idle"; cat "$slurm_scratch"/log/*.log; exit 1; }

# Submits a batch job (the arguments after the output file go to sbatch) and waits for its end
# (at most 20 minutes); prints its output.
submit_and_wait() {
  local out=$1
  shift
  local job
  job=$(sbatch --parsable --output="$out" "$@")
  for _ in $(seq 1 1200); do
    squeue -h -j "$job" 2>/dev/null | grep -q . || break
    sleep 1
  done
  cat "$out"
}
