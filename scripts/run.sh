#!/usr/bin/env bash
# Installs what is missing (Debian packages), configures, builds, then runs one job:
#   main      the rules self-check, the Z3 proofs, the perft benchmark, the proofs of the
#             solver suite, the opening and a sample of regrouped starts, the retrograde tables,
#             and the puzzle generator's rate and the published collection (reports/puzzles)
#             (writes reports/verification.md, reports/witness-corpus.json, reports/performance.md)
#   test      the unit tests (Release build)
#   slow      the slow tests: the large retrograde tables, built, verified and cross-checked, and
#             every certificate of the published puzzle collection
#   sanitize  the unit tests in an AddressSanitizer + UndefinedBehaviorSanitizer build
set -euo pipefail
job=${1:-main}
cd "$(dirname "$0")/.."

packages=(cmake g++ make pkg-config python3
          libcli11-dev nlohmann-json3-dev libfmt-dev
          libgtest-dev libgmock-dev librapidcheck-dev
          libz3-dev libboost-graph-dev libtbb-dev libzstd-dev libxxhash-dev libsqlite3-dev
          chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc)
build() {  # build DIR [cmake options...]
  local dir=$1
  shift
  cmake -S . -B "$dir" "$@" >/dev/null
  cmake --build "$dir" -j"$jobs"
}

case "$job" in
  main)
    build build/release -DCMAKE_BUILD_TYPE=Release
    build/release/kamisado selfcheck
    build/release/kamisado verify --report reports/verification.md --corpus reports/witness-corpus.json
    build/release/kamisado bench --depth 7 --sumo-depth 8 --repeat 10 --report reports/performance.md
    build/release/kamisado solve-bench --report reports/solver.md
    build/release/kamisado opening --report reports/opening.md
    # Resumes from its checkpoint if an earlier run was stopped.
    build/release/kamisado opening --regrouped 1000 --seed 1 --checkpoint build/regrouped-1.jsonl --report reports/regrouped.md
    build/release/kamisado retro bench --roots tests/data/retro_roots.json --sample 10000 --seed 1 --threads 2 --report reports/retrograde.md
    build/release/kamisado puzzles bench --count 40 --sumo-count 10 --seed 1 --report reports/puzzles.md
    # The published collection: adds only what is missing, then rewrites and re-checks the certificates.
    build/release/kamisado puzzles publish --out reports/puzzles --seed 1
    ;;
  test)
    build build/release -DCMAKE_BUILD_TYPE=Release
    ctest --test-dir build/release --output-on-failure -j"$jobs" -LE slow
    ;;
  slow)
    build build/release -DCMAKE_BUILD_TYPE=Release
    ctest --test-dir build/release --output-on-failure -L slow
    ;;
  sanitize)
    build build/sanitize -DCMAKE_BUILD_TYPE=Debug -DKAMISADO_SANITIZE=ON
    ctest --test-dir build/sanitize --output-on-failure -j"$jobs" -LE slow
    ;;
  *)
    echo "usage: scripts/run.sh [main|test|slow|sanitize]" >&2
    exit 2
    ;;
esac
