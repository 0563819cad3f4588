#!/usr/bin/env bash
# A retrograde table built in layers that wait on disk (retro build, solver/retro/retro_layers.h:
# build_retro_file) and killed with SIGKILL in each phase (the enumeration, once its first layer
# is on disk; the solve, once its manifest is; the file's merge, once every layer is solved) goes
# on when run again and writes the file of a build never stopped, byte for byte (issue 70). A
# damaged layer on disk is refused in one line that names it.
# Usage: retro_kill_resume.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
source "$(dirname "$0")/kill_resume_lib.sh"
root="o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O" # 2.6 M positions, a few seconds
"$kamisado" retro build "$root" -o "$dir/whole.retro" >/dev/null 2>&1

# Whether the manifest of the build in WORK says PREDICATE (a Python expression in `m`).
manifest_says() {
  [ -e "$1/build.json" ] && python3 -c "import json,sys; m=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1/build.json" 2>/dev/null
}
# Whether a layer is on disk in WORK.
layer_saved() { compgen -G "$1/layer-*.keys" >/dev/null; }

resumed=0
for phase in enumerating solving writing; do
  out="$dir/$phase.retro"
  "$kamisado" retro build "$root" -o "$out" >/dev/null 2>&1 &
  pid=$!
  case $phase in
    enumerating) kill_when $pid layer_saved "$out.work" ;;
    solving) kill_when $pid manifest_says "$out.work" "True" ;;
    writing) kill_when $pid manifest_says "$out.work" "m['solved_from'] <= min(int(k) for k in m['layers'])" ;;
  esac
  if [ -e "$out" ]; then
    echo "note: the $phase build finished before it was killed"
  else
    [ -d "$out.work" ] || { echo "FAIL: killed while $phase, the build left no work folder"; exit 1; }
    resumed=$((resumed + 1))
  fi
  "$kamisado" retro build "$root" -o "$out" >/dev/null 2>&1
  cmp -s "$dir/whole.retro" "$out" || { echo "FAIL: killed while $phase and run again, the file is not the uninterrupted build's"; exit 1; }
  [ ! -e "$out.work" ] || { echo "FAIL: the work folder of the $phase build is still there"; exit 1; }
done
[ "$resumed" -ge 2 ] || { echo "SKIP: the builds finished before they could be killed on this machine"; exit 77; }

# A layer damaged on disk: refused, named, nothing written. The layer damaged is one the manifest
# lists: a layer file it does not list yet (the kill came while it was written) is made again, not
# read, so damaging it proves nothing (seen on a loaded machine, where the kill came that early).
out="$dir/damaged.retro"
"$kamisado" retro build "$root" -o "$out" >/dev/null 2>&1 &
kill_when $! manifest_says "$out.work" "len(m['layers']) > 0"
[ ! -e "$out" ] || { echo "SKIP: the damaged layer's build finished before it could be killed on this machine"; exit 77; }
layer="$out.work/layer-$(python3 -c "import json,sys; print(min(int(k) for k in json.load(open(sys.argv[1]))['layers']))" "$out.work/build.json").keys"
printf 'XXXXXXXX' | dd of="$layer" bs=1 seek=100 conv=notrunc status=none
expect_refusal "damaged" "$kamisado" retro build "$root" -o "$out"
[ ! -e "$out" ] || { echo "FAIL: a table was written from a damaged layer"; exit 1; }
echo "retro build killed in each phase ($resumed resumed) writes the uninterrupted file; a damaged layer is refused"
