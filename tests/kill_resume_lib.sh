# Helpers of the kill-and-resume and MPI tests (checkpoint_kill_resume.sh,
# by_rounds_kill_resume.sh, by_rounds_mpi.sh, census_mpi.sh, check_proof_mpi.sh, retro_kill_resume.sh,
# by_rounds_tree*.sh, job_tree_*.sh), sourced by them.

# The set-up of an MPI test: an empty scratch folder DIR, Open MPI allowed to run as root and on
# more ranks than cores (CI's machine has 2), and `mpirun` as the array "${mpirun[@]}" for 2 ranks.
start_mpi_test() {
  rm -rf "$1"
  mkdir -p "$1"
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
  mpirun=(mpirun -np 2 --oversubscribe)
}

# FILE's JSON field EXPR, an expression in `d`: field out.json "d['value']".
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {'d': d}))" "$1" "$2"; }

# The value of one process (ONE.json, `solve --json`), which must decide the match, and of a run
# (RUN.json) on WHO ("2 ranks"), which must be the same, as $a and $b: same_value ONE RUN WHO.
same_value() {
  a=$(field "$1" "d['value']")
  b=$(field "$2" "d['value']")
  [ "$a" != unknown ] || { echo "FAIL: one process decided nothing"; exit 1; }
  [ "$a" = "$b" ] || { echo "FAIL: $3 say $b, one process $a"; exit 1; }
}

# Waits (up to 120 s) until COMMAND... succeeds or the process PID has ended; then kills PID
# (SIGKILL: no chance to save): kill_when PID COMMAND...
kill_when() {
  local pid=$1
  shift
  for _ in $(seq 1 6000); do
    "$@" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# kill_when, once FILE exists.
kill_when_saved() { kill_when "$1" test -e "$2"; }

# Runs COMMAND..., which must fail with exit 2 and say WHAT_THE_LINE_SAYS on stderr:
# expect_refusal WHAT_THE_LINE_SAYS COMMAND...
expect_refusal() {
  local says=$1
  shift
  local status=0 out
  out=$("$@" 2>&1 >/dev/null) || status=$?
  [ "$status" = 2 ] || { echo "FAIL: '$*' gave exit $status, not 2: $out"; exit 1; }
  grep -q -- "$says" <<<"$out" || { echo "FAIL: '$*' said: $out"; exit 1; }
}

# Runs the SMPI program SIM (its arguments after) on RANKS ranks simulated by SimGrid, a host a rank
# on a cluster of 10 Gbit/s links and 2 us latency, its output in DIR/sim.txt and DIR/sim.err;
# fails the test if it fails, and skips it (exit 77) without SimGrid: smpi_run SIM RANKS DIR ARGS...
smpi_run() {
  local sim=$1 ranks=$2 dir=$3
  shift 3
  if [ "$sim" = none ] || ! command -v smpirun >/dev/null; then
    echo "SKIP: no SimGrid (libsimgrid-dev): the simulated run is not made"; exit 77
  fi
  {
    echo "<?xml version='1.0'?>"
    echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
    echo '<platform version="4.1"><cluster id="c" prefix="n" suffix="" radical="0-'$((ranks - 1))'" speed="1Gf" bw="10Gbps" lat="2us"/></platform>'
  } >"$dir/cluster.xml"
  seq 0 $((ranks - 1)) | sed 's/^/n/' >"$dir/hosts"
  smpirun -np "$ranks" -platform "$dir/cluster.xml" -hostfile "$dir/hosts" --cfg=smpi/privatization:no --cfg=smpi/simulate-computation:no \
    "$sim" "$@" >"$dir/sim.txt" 2>"$dir/sim.err" || { echo "FAIL: the simulated run:"; cat "$dir/sim.txt"; tail "$dir/sim.err"; exit 1; }
}
