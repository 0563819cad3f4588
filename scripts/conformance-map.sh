#!/usr/bin/env bash
# The conformance map: public Kamisado engines checked by `kamisado conform`, each through an
# adapter of ours (src/conform/adapters/), written to reports/conformance.md. Their code is never
# copied into this repository: give local clones, which are built in a temporary folder.
#
#   scripts/conformance-map.sh --qlurkin DIR --pearnagar DIR --dset DIR [--out FILE] [--random N]
#
#   --qlurkin DIR    a clone of github.com/qlurkin/PI2CChampionshipRunner (Python)
#   --pearnagar DIR  a clone of github.com/pearnagar/kamisado (TypeScript)
#   --dset DIR       a clone of github.com/dset/Kamisado (C#)
#   --out FILE       the report (default reports/conformance.md)
#   --random N       seeded play-outs per engine (default 50; matches for engines that play them)
#
# Needs build/release/kamisado (bash scripts/run.sh test builds it), python3, node with tsc
# (Debian: node-typescript) and mono with mcs (Debian: mono-mcs libmono-system-drawing4.0-cil).
# For each engine the report gives its commit, the features its adapter declares, the verdict,
# each deviation with its rule, count and smallest reproduction, what was not checked, and a
# direct call of the engine's own code that shows each deviation without the adapter.
set -euo pipefail
cd "$(dirname "$0")/.."
out=reports/conformance.md
random=50
qlurkin="" pearnagar="" dset=""
while (($#)); do
  case "$1" in
    --qlurkin) qlurkin=$2; shift 2 ;;
    --pearnagar) pearnagar=$2; shift 2 ;;
    --dset) dset=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --random) random=$2; shift 2 ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "conformance-map: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
fail() { echo "conformance-map: $*" >&2; exit 2; }
[ -n "$qlurkin" ] && [ -n "$pearnagar" ] && [ -n "$dset" ] || fail "give --qlurkin, --pearnagar and --dset (see --help)"
k=build/release/kamisado
[ -x "$k" ] || fail "$k is missing: build it first (bash scripts/run.sh test)"
for tool in python3 node tsc mcs mono git; do command -v "$tool" >/dev/null || fail "'$tool' is missing (see --help for the Debian packages)"; done
[ -f "$qlurkin/games/kamisado/game.py" ] || fail "$qlurkin has no games/kamisado/game.py: not a PI2CChampionshipRunner clone"
[ -f "$pearnagar/src/engine/moveLogic.ts" ] || fail "$pearnagar has no src/engine/moveLogic.ts: not a pearnagar/kamisado clone"
[ -f "$dset/Kamisado/GameState.cs" ] || fail "$dset has no Kamisado/GameState.cs: not a dset/Kamisado clone"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
adapters=$PWD/src/conform/adapters
probes=$PWD/scripts/conformance

# Builds: the TypeScript engine beside our adapter; the C# engine's rules files with ours.
# Their own type errors (their code targets a newer tsc) are kept in the log, ours are fatal.
mkdir -p "$work/pearnagar"
cp -r "$pearnagar/src/engine" "$pearnagar/src/constants" "$work/pearnagar/"
rm -rf "$work/pearnagar/engine/__tests__"
cp "$adapters/kamisado_protocol.ts" "$adapters/pearnagar_adapter.ts" "$work/pearnagar/"
(cd "$work/pearnagar" && tsc --target es2019 --module commonjs --strict --skipLibCheck --outDir out pearnagar_adapter.ts > tsc.log 2>&1) || true
if grep -E '^(kamisado_protocol|pearnagar_adapter)\.ts' "$work/pearnagar/tsc.log"; then fail "our TypeScript adapter does not compile"; fi
[ -f "$work/pearnagar/out/pearnagar_adapter.js" ] || { cat "$work/pearnagar/tsc.log" >&2; fail "tsc wrote no JavaScript"; }
cs_files=()
for f in GameState Board Piece Move SumoPushMove SumoDazedMove IMove PieceColors; do cs_files+=("$dset/Kamisado/$f.cs"); done
mcs -nologo -out:"$work/dset.exe" -r:System.Drawing.dll "$adapters/dset_adapter.cs" "${cs_files[@]}" > "$work/mcs.log" 2>&1 || { cat "$work/mcs.log" >&2; fail "the C# adapter does not compile"; }
mcs -nologo -out:"$work/dset_probe.exe" -r:System.Drawing.dll "$probes/dset_probe.cs" "${cs_files[@]}" > /dev/null 2>&1 || fail "the C# probe does not compile"

# name | repository | language | clone | engine command | conform options | probe command
engines=(
  "qlurkin|qlurkin/PI2CChampionshipRunner|Python|$qlurkin|python3 $adapters/qlurkin_adapter.py $qlurkin||python3 $probes/qlurkin_probe.py $qlurkin"
  "pearnagar|pearnagar/kamisado|TypeScript|$pearnagar|node $work/pearnagar/out/pearnagar_adapter.js||node $probes/pearnagar_probe.js $work/pearnagar/out"
  "dset|dset/Kamisado|C#|$dset|mono $work/dset.exe|--match|mono $work/dset_probe.exe"
)
for e in "${engines[@]}"; do
  IFS='|' read -r name repo language clone command options probe <<< "$e"
  echo "conformance-map: $name" >&2
  set +e
  # shellcheck disable=SC2086
  $k conform --engine "$command" --depth 2 --random "$random" --seed 1 $options --json > "$work/$name.json"
  code=$?
  set -e
  [ $code = 0 ] || [ $code = 3 ] || fail "kamisado conform on $name exited with $code"
  allow=$(python3 -c 'import json,sys; print(",".join(d["rule"] for d in json.load(open(sys.argv[1]))["deviations"]))' "$work/$name.json")
  if [ -n "$allow" ]; then
    # shellcheck disable=SC2086
    $k conform --engine "$command" --depth 2 --random "$random" --seed 1 $options --allow "$allow" --json > "$work/$name.allowed.json" || fail "the --allow run on $name does not conform"
  else
    cp "$work/$name.json" "$work/$name.allowed.json"
  fi
  $probe > "$work/$name.probe" 2>&1 || fail "the direct probe of $name failed: $(tail -3 "$work/$name.probe")"
  git -C "$clone" rev-parse HEAD > "$work/$name.commit"
  printf '%s\n%s\n%s\n' "$repo" "$language" "$command" > "$work/$name.meta"
done

python3 "$probes/render.py" "$work" "$random" "$(git rev-parse --short HEAD)" qlurkin pearnagar dset > "$work/report.md"
mv "$work/report.md" "$out.tmp" && mv "$out.tmp" "$out"
echo "wrote $out" >&2
