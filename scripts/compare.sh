#!/usr/bin/env bash
# Measures a speed claim the only way this machine allows: the base commit and the current work
# tree built side by side and run alternately on the same work (A B A B ...), because the
# machine's speed drifts by a third within an hour, so figures taken at different times do not
# compare.
#
#   scripts/compare.sh BASE [--pairs N] [--dry-run] [--] COMMAND
#   scripts/compare.sh --binaries A B [--pairs N] [--] COMMAND
#
# BASE is any commit (a hash, HEAD~3, a tag). It is built once into build/compare/<hash> (a git
# worktree, Release) and kept there for the next comparison; the current tree is built in
# build/release when that is a Release build or not there yet, else in build/compare/current (a
# user's Debug build/release is left as it is). Stopped (Ctrl-C, SIGTERM), it stops the run in
# flight with it. COMMAND is one shell command line, run with bash -c, in which $KAMISADO is the
# binary under test and $WORK a fresh empty folder for each run (for commands that write, such
# as a census). Each run's wall time and peak memory are measured; its nodes are read from its
# output (the first "nodes": N of a --json answer, else the last "N nodes"). A command whose
# output has a line "search seconds: S" is timed by that S instead of its wall time: work whose
# process start-ups are not what is measured (scripts/round-three-bench.sh). Then, per pair, the
# ratio base/current of time and nodes (above 1: the current tree is faster or searches less),
# and their medians. Exit 1 if a run fails.
#
# --dry-run names the two build folders and builds nothing; --binaries compares two binaries
# built elsewhere (another compiler's, a profile-guided build) without building either.
#
# Example: scripts/compare.sh HEAD~1 -- '$KAMISADO census plan $WORK/r --subspace regrouped:1000:1 >/dev/null && $KAMISADO census run $WORK/r --json'
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/compare.sh BASE [--pairs N] [--dry-run] [--] COMMAND, or scripts/compare.sh --binaries A B [--pairs N] [--] COMMAND" >&2
  exit 2
}
[ $# -ge 2 ] || usage
declare -A binary=()
if [ "$1" = --binaries ]; then
  [ $# -ge 3 ] || usage
  for side in A B; do
    [ -x "$2" ] || { echo "scripts/compare.sh: '$2' is not an executable" >&2; exit 2; }
    binary[$side]=$(realpath "$2")
    shift
  done
  shift
else
  base=$1
  shift
fi
pairs=3
dry=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pairs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; pairs=$2; shift 2 ;;
    --dry-run) dry=1; shift ;;
    --) shift; break ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
command="$*"
what="${binary[B]:-}"
if [ -z "${binary[A]:-}" ]; then
  hash=$(git rev-parse --verify --quiet "$base^{commit}") || { echo "scripts/compare.sh: '$base' is not a commit" >&2; exit 2; }
  tree=build/compare/$hash
  current=build/release
  if [ -f "$current/CMakeCache.txt" ] && ! grep -qx 'CMAKE_BUILD_TYPE:STRING=Release' "$current/CMakeCache.txt"; then
    current=build/compare/current  # the user's build/release is not a Release build: left as it is
  fi
  if [ "$dry" = 1 ]; then
    echo "base: $tree/build; current tree: $current"
    exit 0
  fi
  [ -d "$tree" ] || git worktree add --detach "$tree" "$hash" >/dev/null
  echo "building the base $hash (kept in $tree) and the current tree ($current)" >&2
  cmake -S "$tree" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release -DKAMISADO_TESTS=OFF >/dev/null
  cmake --build "$tree/build" -j"$(nproc)" --target kamisado >/dev/null
  cmake -S . -B "$current" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$current" -j"$(nproc)" --target kamisado >/dev/null
  binary=([A]="$PWD/$tree/build/kamisado" [B]="$PWD/$current/kamisado")
  what="the current tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!reports' || echo ', with changes'))"
fi

scratch=$(mktemp -d)
child=""
# The run in flight is a process group of its own (setsid): stopped with the script, not left.
cleanup() {
  if [ -n "$child" ]; then kill -TERM -- "-$child" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# run SIDE: one run of COMMAND with that side's binary; leaves "seconds peak_kb nodes" in
# $scratch/result. Called in the script's own shell (not a subshell), so that a failure ends the
# script and a signal reaches the trap at once (the `wait` builtin returns to it).
run() {
  local work="$scratch/work-$1-$RANDOM"
  mkdir -p "$work"
  KAMISADO=${binary[$1]} WORK=$work setsid /usr/bin/time -f "%e %M" -o "$scratch/time" bash -c "$command" >"$scratch/out" 2>"$scratch/err" &
  child=$!
  local status=0
  wait "$child" || status=$?
  child=""
  if [ "$status" -ne 0 ]; then
    echo "scripts/compare.sh: the command failed with the $1 binary (exit $status):" >&2
    tail -5 "$scratch/err" >&2
    exit 1
  fi
  rm -rf "$work"
  local nodes
  nodes=$(grep -o '"nodes": *[0-9]*' "$scratch/out" | head -1 | grep -o '[0-9]*$' || true)
  [ -n "$nodes" ] || nodes=$(grep -o '[0-9][0-9]* nodes' "$scratch/out" | tail -1 | grep -o '^[0-9]*' || true)
  local search
  search=$(grep -o '^search seconds: *[0-9.]*' "$scratch/out" | tail -1 | grep -o '[0-9.]*$' || true)
  read -r wall peak <"$scratch/time"
  echo "${search:-$wall} $peak ${nodes:--}" >"$scratch/result"
}

if [ -n "${hash:-}" ]; then echo "A: base $hash; B: $what"; else echo "A: ${binary[A]}; B: $what"; fi
printf '%-5s %10s %10s %14s %10s %10s %14s %12s %12s\n' pair "A s" "A MB" "A nodes" "B s" "B MB" "B nodes" "time A/B" "nodes A/B"
ratios=()
node_ratios=()
for ((i = 1; i <= pairs; i++)); do
  run A
  read -r as am an <"$scratch/result"
  run B
  read -r bs bm bn <"$scratch/result"
  r=$(python3 -c "print(f'{$as / max($bs, 1e-9):.3f}')")
  ratios+=("$r")
  nr=-
  if [ "$an" != - ] && [ "$bn" != - ] && [ "$bn" != 0 ]; then nr=$(python3 -c "print(f'{$an / $bn:.3f}')"); node_ratios+=("$nr"); fi
  printf '%-5s %10s %10s %14s %10s %10s %14s %12s %12s\n' "$i" "$as" "$((am / 1024))" "$an" "$bs" "$((bm / 1024))" "$bn" "$r" "$nr"
done
median() { python3 -c "import statistics, sys; v = [float(x) for x in sys.argv[1:]]; print(f'{statistics.median(v):.3f}' if v else '-')" "$@"; }
echo "median time A/B: $(median "${ratios[@]}"); median nodes A/B: $(median "${node_ratios[@]+"${node_ratios[@]}"}")"
