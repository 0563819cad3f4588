#!/usr/bin/env bash
# The puzzle booklet in a real browser (issue 6): makes a small collection of single-round and
# Marathon puzzles, exports the booklet, opens it in Debian's headless chromium and checks that
# the browser drew every diagram (the page counts them into <body data-diagrams>) and that each
# puzzle has its stipulation and its solution toggle.
# Usage: booklet_in_browser.sh KAMISADO_BINARY SCRATCH_DIR
set -euo pipefail
kamisado=$1
dir=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "FAIL: no chromium to open the booklet in (scripts/run.sh installs the Debian package)" >&2
  exit 1
fi
rm -rf "$dir"
mkdir -p "$dir/home"
"$kamisado" puzzles generate --count 4 --n 1 --seed 2 --db "$dir/p.db" >/dev/null 2>&1
"$kamisado" puzzles generate --count 3 --n 2 --seed 2 --match --db "$dir/p.db" >/dev/null 2>&1
"$kamisado" puzzles export --db "$dir/p.db" --html "$dir/book" --json "$dir/p.json" --title "Browser check" >/dev/null
count=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['puzzles']))" "$dir/p.json")
if [ "$count" -ne 7 ]; then echo "FAIL: expected 7 puzzles in the collection, found $count" >&2; exit 1; fi
# The sandbox needs user namespaces, which CI containers (and root) may not have.
HOME="$dir/home" timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
  --dump-dom "file://$(cd "$dir/book" && pwd)/booklet.html" >"$dir/dom.html" 2>"$dir/browser.log" || {
  echo "FAIL: chromium could not open the booklet; its log:" >&2
  tail -5 "$dir/browser.log" >&2
  exit 1
}
drawn=$(grep -o 'data-diagrams="[0-9]*"' "$dir/dom.html" | grep -o '[0-9]*' || true)
stipulations=$(grep -c 'class="stipulation"' "$dir/dom.html" || true)
toggles=$(grep -c '<summary>Solution</summary>' "$dir/dom.html" || true)
echo "puzzles $count, diagrams drawn ${drawn:-none}, stipulations $stipulations, solution toggles $toggles"
if [ "${drawn:-0}" != "$count" ] || [ "$stipulations" != "$count" ] || [ "$toggles" != "$count" ]; then
  echo "FAIL: the browser did not show every puzzle" >&2
  exit 1
fi
