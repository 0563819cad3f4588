#!/usr/bin/env bash
# scripts/compare.sh (issue 44, the smaller items): it leaves a user's Debug build/release as it
# is, a failing command ends it with exit 1 and the command's own error (not a Python
# SyntaxError from a missing figure), and stopped by SIGTERM it stops the run in flight.
# Usage: compare_script.sh SOURCE_DIR SCRATCH_DIR
set -euo pipefail
source_dir=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
compare=$source_dir/scripts/compare.sh

# 1. The build folders it would use: in a repository of its own whose build/release is Debug.
repo=$dir/repo
mkdir -p "$repo/scripts" "$repo/build/release"
cp "$compare" "$repo/scripts/"
git -C "$repo" init -q
git -C "$repo" -c user.name=t -c user.email=t@t add scripts
git -C "$repo" -c user.name=t -c user.email=t@t commit -qm base
echo "CMAKE_BUILD_TYPE:STRING=Debug" >"$repo/build/release/CMakeCache.txt"
out=$(bash "$repo/scripts/compare.sh" HEAD --dry-run -- true)
grep -q "current tree: build/compare/current" <<<"$out" || { echo "FAIL: a Debug build/release is used: $out"; exit 1; }
echo "CMAKE_BUILD_TYPE:STRING=Release" >"$repo/build/release/CMakeCache.txt"
out=$(bash "$repo/scripts/compare.sh" HEAD --dry-run -- true)
grep -q "current tree: build/release$" <<<"$out" || { echo "FAIL: a Release build/release is not used: $out"; exit 1; }
echo "a Debug build/release is left as it is"

# 2. A command that fails: exit 1, its error shown, no Python traceback.
status=0
err=$(bash "$compare" --binaries /bin/true /bin/true --pairs 1 -- 'echo "no such position" >&2; exit 3' 2>&1 >/dev/null) || status=$?
[ "$status" = 1 ] || { echo "FAIL: exit $status for a failing command: $err"; exit 1; }
grep -q "the command failed with the A binary (exit 3)" <<<"$err" || { echo "FAIL: $err"; exit 1; }
grep -q "no such position" <<<"$err" || { echo "FAIL: the command's error is not shown: $err"; exit 1; }
if grep -q "Traceback\|SyntaxError" <<<"$err"; then echo "FAIL: $err"; exit 1; fi
echo "a failing command ends it with exit 1 and its own error"

# 3. SIGTERM while a run is in flight: the run ends with it.
bash "$compare" --binaries /bin/true /bin/true --pairs 1 -- "echo \$\$ > $dir/pid; exec sleep 60" >/dev/null 2>&1 &
script=$!
for _ in $(seq 1 200); do [ -s "$dir/pid" ] && break; sleep 0.05; done
[ -s "$dir/pid" ] || { echo "FAIL: the command never started"; exit 1; }
run=$(cat "$dir/pid")
kill -TERM "$script"
wait "$script" 2>/dev/null || true
for _ in $(seq 1 40); do kill -0 "$run" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$run" 2>/dev/null; then
  kill -9 "$run"
  echo "FAIL: the command outlived the script's SIGTERM"
  exit 1
fi
echo "stopped by SIGTERM, the run in flight stops too"
echo "PASS"
