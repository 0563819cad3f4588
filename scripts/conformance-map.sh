#!/usr/bin/env bash
# The conformance map: public Kamisado engines checked by `kamisado conform`, each through an
# adapter of ours (src/conform/adapters/), written to reports/conformance.md. Their code is never
# copied into this repository: give local clones, which are built in a temporary folder.
#
#   scripts/conformance-map.sh --qlurkin DIR --pearnagar DIR --dset DIR --niklavsm DIR
#                              --danielkitachewsky DIR [--out FILE] [--random N]
#
#   --qlurkin DIR            a clone of github.com/qlurkin/PI2CChampionshipRunner (Python)
#   --pearnagar DIR          a clone of github.com/pearnagar/kamisado (TypeScript)
#   --dset DIR               a clone of github.com/dset/Kamisado (C#)
#   --niklavsm DIR           a clone of github.com/NiklavsM/Kamisado (Java)
#   --danielkitachewsky DIR  a clone of github.com/danielkitachewsky/Kamisado (Java)
#   --out FILE               the report (default reports/conformance.md)
#   --random N               seeded play-outs per engine (default 50; matches for engines that play them)
#
# Needs build/release/kamisado (bash scripts/run.sh test builds it), python3, node with tsc
# (Debian: node-typescript), mono with mcs (Debian: mono-mcs libmono-system-drawing4.0-cil) and
# a JDK (Debian: default-jdk-headless). Every input is checked before any engine runs.
# For each engine the report gives its commit, the features its adapter declares, the verdict,
# each deviation with its rule, count and smallest reproduction and, under it, a direct call of
# the engine's own code that shows it without the adapter (each probe line is tagged with its
# rule), what was not checked, and the positions no game reaches (compared, not counted).
set -euo pipefail
cd "$(dirname "$0")/.."
out=reports/conformance.md
random=50
qlurkin="" pearnagar="" dset="" niklavsm="" daniel=""
while (($#)); do
  case "$1" in
    --qlurkin) qlurkin=$2; shift 2 ;;
    --pearnagar) pearnagar=$2; shift 2 ;;
    --dset) dset=$2; shift 2 ;;
    --niklavsm) niklavsm=$2; shift 2 ;;
    --danielkitachewsky) daniel=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --random) random=$2; shift 2 ;;
    -h | --help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "conformance-map: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
fail() { echo "conformance-map: $*" >&2; exit 2; }
[ -n "$qlurkin" ] && [ -n "$pearnagar" ] && [ -n "$dset" ] && [ -n "$niklavsm" ] && [ -n "$daniel" ] ||
  fail "give --qlurkin, --pearnagar, --dset, --niklavsm and --danielkitachewsky (see --help)"
k=build/release/kamisado
[ -x "$k" ] || fail "$k is missing: build it first (bash scripts/run.sh test)"
for tool in python3 node tsc mcs mono javac java git; do command -v "$tool" >/dev/null || fail "'$tool' is missing (see --help for the Debian packages)"; done
[ -f "$qlurkin/games/kamisado/game.py" ] || fail "$qlurkin has no games/kamisado/game.py: not a PI2CChampionshipRunner clone"
[ -f "$pearnagar/src/engine/moveLogic.ts" ] || fail "$pearnagar has no src/engine/moveLogic.ts: not a pearnagar/kamisado clone"
[ -f "$dset/Kamisado/GameState.cs" ] || fail "$dset has no Kamisado/GameState.cs: not a dset/Kamisado clone"
nik_src=$niklavsm/KamisadoWorkspace/KamisadoCS207/src
[ -f "$nik_src/model/GameDriver.java" ] || fail "$niklavsm has no KamisadoWorkspace/KamisadoCS207/src/model/GameDriver.java: not a NiklavsM/Kamisado clone"
[ -f "$daniel/src/kamisado/Position.java" ] || fail "$daniel has no src/kamisado/Position.java: not a danielkitachewsky/Kamisado clone"
for clone in "$qlurkin" "$pearnagar" "$dset" "$niklavsm" "$daniel"; do
  git -C "$clone" rev-parse HEAD > /dev/null 2>&1 || fail "$clone is not a git clone (its commit goes into the report)"
done
# Absolute, since the probes run from a folder of their own.
qlurkin=$(cd "$qlurkin" && pwd) pearnagar=$(cd "$pearnagar" && pwd) dset=$(cd "$dset" && pwd)
niklavsm=$(cd "$niklavsm" && pwd) daniel=$(cd "$daniel" && pwd) nik_src=$niklavsm/KamisadoWorkspace/KamisadoCS207/src

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
# The Java engines: their model (NiklavsM: src/model and the players GameDriver names, without the
# Swing GUIPlayer; danielkitachewsky: src/kamisado) with the Java kit, our adapter and probe. NiklavsM's code
# writes its settings and statistics into the working folder: it runs in one of its own.
nik_java=("$nik_src"/model/*.java "$nik_src"/player/Player.java "$nik_src"/player/EasyAIPlayer.java "$nik_src"/player/HardAIPlayer.java "$nik_src"/player/TreeNode.java)
javac -nowarn -d "$work/niklavsm" "${nik_java[@]}" "$adapters/KamisadoProtocol.java" "$adapters/NiklavsmAdapter.java" "$probes/NiklavsmProbe.java" > "$work/javac.log" 2>&1 ||
  { cat "$work/javac.log" >&2; fail "the NiklavsM adapter or probe does not compile"; }
mkdir -p "$work/niklavsm-run"
javac -nowarn -d "$work/daniel" "$daniel"/src/kamisado/*.java "$adapters/KamisadoProtocol.java" "$adapters/DanielkitachewskyAdapter.java" "$probes/DanielkitachewskyProbe.java" > "$work/javac.log" 2>&1 ||
  { cat "$work/javac.log" >&2; fail "the danielkitachewsky adapter or probe does not compile"; }

# name | repository | language | clone | engine command | conform options | probe command
engines=(
  "qlurkin|qlurkin/PI2CChampionshipRunner|Python|$qlurkin|python3 $adapters/qlurkin_adapter.py $qlurkin||python3 $probes/qlurkin_probe.py $qlurkin"
  "pearnagar|pearnagar/kamisado|TypeScript|$pearnagar|node $work/pearnagar/out/pearnagar_adapter.js||node $probes/pearnagar_probe.js $work/pearnagar/out"
  "dset|dset/Kamisado|C#|$dset|mono $work/dset.exe|--match|mono $work/dset_probe.exe"
  "niklavsm|NiklavsM/Kamisado|Java|$niklavsm|cd $work/niklavsm-run && exec java -cp $work/niklavsm NiklavsmAdapter|--match|java -cp $work/niklavsm NiklavsmProbe"
  "danielkitachewsky|danielkitachewsky/Kamisado|Java|$daniel|java -cp $work/daniel DanielkitachewskyAdapter||java -cp $work/daniel DanielkitachewskyProbe"
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
  (cd "$work/niklavsm-run" && $probe) > "$work/$name.probe" 2>&1 || fail "the direct probe of $name failed: $(tail -3 "$work/$name.probe")"
  git -C "$clone" rev-parse HEAD > "$work/$name.commit"
  printf '%s\n%s\n%s\n' "$repo" "$language" "$command" > "$work/$name.meta"
done

python3 "$probes/render.py" "$work" "$random" "$(git rev-parse --short HEAD)" qlurkin pearnagar dset niklavsm danielkitachewsky > "$work/report.md"
mv "$work/report.md" "$out.tmp" && mv "$out.tmp" "$out"
echo "wrote $out" >&2
