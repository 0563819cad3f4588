#!/usr/bin/env bash
# Installs what is missing (Debian packages), configures, builds, then runs one job:
#   main      the tour, a few minutes after the build: the rules self-check, the Z3 proofs, the
#             perft benchmark, the solver suite (without its match section), the opening and a
#             sample of regrouped starts, the retrograde tables, the published puzzle collection
#             and its trainer, the puzzle generator's rate, a match proved and certified (the
#             1-point match from the set-up) and a small census on 2 MPI ranks
#             (writes reports/verification.md, witness-corpus.json, performance.md, opening.md,
#             regrouped.md, retrograde.md, puzzles.md and reports/puzzles/)
#   reports   every report, the long ones too (hours from scratch; each resumes where a stopped
#             run left it): all of main, the solver suite's match section (about 10 minutes,
#             reports/solver.md), the analysis server under load (a minute, reports/serve.md),
#             the matches from the set-up (about 50 minutes, reports/match.md), the Standard match at
#             scale on simulated ranks (about 10 minutes, reports/match-scale.md) and the
#             first-mover census (about 30 minutes, reports/census.md)
#   test      the unit tests (Release build)
#   slow      the slow tests: the large retrograde tables, built, verified and cross-checked,
#             every certificate of the published puzzle collection, and the census batch script
#             on a single-node Slurm started for the test
#   sanitize  the unit tests in an AddressSanitizer + UndefinedBehaviorSanitizer build (the
#             end-to-end scripts run in the test job)
#   fuzz [S]  the libFuzzer targets (clang; tests/fuzz), each S seconds on its seed corpus
#             (default 15: the smoke run of CI; the slow job runs them 300 s each)
set -euo pipefail
job=${1:-main}
cd "$(dirname "$0")/.."

packages=(cmake g++ make pkg-config python3 node-typescript
          libcli11-dev nlohmann-json3-dev libfmt-dev
          libgtest-dev libgmock-dev librapidcheck-dev
          libz3-dev libboost-graph-dev libtbb-dev libzstd-dev libxxhash-dev libsqlite3-dev libcpp-httplib-dev
          openmpi-bin libopenmpi-dev openssh-client libsimgrid-dev
          chromium chromium-driver python3-selenium clang libclang-rt-14-dev clang-format
          pybind11-dev python3-dev python3-pytest python3-venv emscripten)
# The slow job also starts a single-node Slurm to test scripts/census.sbatch.
if [ "$job" = slow ]; then packages+=(slurm-wlm munge); fi
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
  main | reports)
    build build/release -DCMAKE_BUILD_TYPE=Release
    k=build/release/kamisado
    $k selfcheck
    $k verify --report reports/verification.md --corpus reports/witness-corpus.json
    $k bench --depth 7 --sumo-depth 8 --repeat 10 --report reports/performance.md
    # The WebAssembly package against this binary (about 10 s), beside the perft figures.
    scripts/wasm-vs-native.sh --pairs 5 --report reports/wasm.md
    $k opening --report reports/opening.md
    # Resumes from its checkpoint if an earlier run was stopped.
    $k opening --regrouped 1000 --seed 1 --checkpoint build/regrouped-1.jsonl --report reports/regrouped.md
    $k retro bench --roots tests/data/retro_roots.json --sample 10000 --seed 1 --threads 2 --report reports/retrograde.md
    # The published collection and its trainer: adds only what is missing (puzzles for N = 1..10,
    # Sumo puzzles, studies from the opening and the tables of the retrograde roots), then
    # rewrites and re-checks the certificates and writes the trainer.
    $k puzzles publish --out reports/puzzles --seed 1 --study-roots tests/data/retro_roots.json
    $k puzzles bench --count 40 --sumo-count 10 --seed 1 --collection reports/puzzles --report reports/puzzles.md
    if [ "$job" = main ]; then
      # The long reports are the reports job's; here, their short forms, printed.
      $k solve-bench --no-match --repeat 1
      mkdir -p build/tour
      $k solve "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 1:0-0" --goal match --proof build/tour/match-1.proof --check
      if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
      rm -rf build/tour/census  # a tour: proved afresh each time (about 6 s)
      $k census plan build/tour/census --subspace regrouped:200:1 --shard-size 25 >/dev/null
      mpirun -np 2 --oversubscribe $k census run build/tour/census --mpi
      $k census merge build/tour/census --threads 2
      # A match proved round by round on two MPI ranks (about 15 s; proved afresh each time).
      rm -f build/tour/by-rounds.starts
      mpirun -np 2 --oversubscribe $k solve "bkpnyrgo/8/8/8/8/8/8/GORPKNBY g - 2:1-0" --goal match --by-rounds \
        --starts build/tour/by-rounds.starts --mpi
      echo "main: done; bash scripts/run.sh reports regenerates the long reports too (hours)"
    else
      $k solve-bench --report reports/solver.md
      # The analysis server under load: 32 clients for a minute on loopback.
      $k serve-bench --clients 32 --seconds 60 --report reports/serve.md
      # The long match searches resume from their checkpoints if an earlier run was stopped.
      # The 2-point match's certificate, committed (its listed layers are made again from its table
      # and checked: some tens of minutes on 2 cores; docs/solver.md), is checked whole.
      mkdir -p reports/match build/match-checkpoints
      certificate=()
      [ -f reports/match/two-point.certificate/layers.txt ] && certificate=(--certificate reports/match/two-point.certificate --threads 2)
      # The Standard match's projections by levels are read from their committed journals (hours of
      # planning at 8 starts a score a level: reports/levels, docs/solver.md), flat and depth prices.
      journals=()
      for prices in flat depth; do
        [ -f reports/levels/standard-$prices-prices.jsonl ] && journals+=(--levels-journal reports/levels/standard-$prices-prices.jsonl)
      done
      $k match-report --report reports/match.md --proofs reports/match --seconds 120 --hash 2048 \
        --checkpoints build/match-checkpoints --starts-per-score 1000 --seed 1 "${certificate[@]}" "${journals[@]}"
      # The Standard match's run at scale: the job tree scheduler on 64 to 2 048 simulated ranks,
      # its work drawn from the depth-priced journal (about 10 minutes; reports/match-scale.md).
      scripts/match-scale.sh
      # The first-mover census: proves the runs missing under runs/census (about 30 minutes from
      # scratch on 2 cores; a complete run is only merged again), writes reports/census.md.
      bash scripts/census-report.sh
    fi
    ;;
  test)
    build build/release -DCMAKE_BUILD_TYPE=Release
    ctest --test-dir build/release --output-on-failure -j"$jobs" -LE slow
    ;;
  slow)
    build build/release -DCMAKE_BUILD_TYPE=Release
    ctest --test-dir build/release --output-on-failure -L slow
    bash scripts/run.sh fuzz 300
    ;;
  fuzz)
    seconds=${2:-15}
    if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
      echo "scripts/run.sh fuzz: '$seconds' is not a whole number of seconds" >&2
      exit 2
    fi
    cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ -DKAMISADO_FUZZ=ON -DKAMISADO_TESTS=OFF >/dev/null
    targets=(kfen play proof retro corpus)
    cmake --build build/fuzz -j"$jobs" --target "${targets[@]/#/fuzz_}"
    for t in "${targets[@]}"; do
      # New inputs go to a scratch folder; the seed corpus in the repository is only read.
      mkdir -p "build/fuzz/found-$t"
      if ! build/fuzz/tests/fuzz/fuzz_$t -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
           -artifact_prefix="build/fuzz/$t-" "build/fuzz/found-$t" "tests/fuzz/corpus/$t" > "build/fuzz/$t.log" 2>&1; then
        tail -40 "build/fuzz/$t.log"
        echo "fuzz_$t: FAILED (the input that broke it is in build/fuzz/$t-*)"
        exit 1
      fi
      echo "fuzz_$t: $(grep -o 'Done [0-9]* runs' "build/fuzz/$t.log" | tail -1) in ${seconds} s, no crash"
    done
    ;;
  sanitize)
    # -O1: the sanitizers still see every access, and the tests run about twice as fast as at -O0.
    # The end-to-end scripts (a long run killed and resumed, the booklet and the trainer in a
    # browser) run in the test job; under the sanitizers they took 80 s of CI's 30 minutes and
    # drive the code that the unit tests run here. -g1: line tables only, enough for the
    # sanitizers' file:line backtraces, and a quarter to a third less compile time than -g
    # (test_cli.cpp 49 -> 33 s, api.cpp 14 -> 11 s, dfpn.cpp 6.3 -> 3.4 s; objects half the size).
    build build/sanitize -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g1 -O1" -DKAMISADO_SANITIZE=ON
    ctest --test-dir build/sanitize --output-on-failure -j"$jobs" -LE "slow|end-to-end"
    ;;
  *)
    echo "usage: scripts/run.sh [main|reports|test|slow|sanitize|fuzz [seconds]]" >&2
    exit 2
    ;;
esac
