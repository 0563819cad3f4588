#!/usr/bin/env bash
# Every C++ file of the project is as clang-format writes it (.clang-format; Debian's
# clang-format 14, which scripts/run.sh installs). Prints the files that are not, and how to
# fix them. usage: check_format.sh ROOT
set -euo pipefail
cd "$1"
command -v clang-format >/dev/null || { echo "check_format: clang-format is not installed (scripts/run.sh installs it)"; exit 1; }
mapfile -t files < <(git ls-files '*.cpp' '*.h' | grep -v '^tests/fuzz/corpus/')
# One clang-format for all the files; each place it would change is a line "FILE:L:C: error: ...".
if ! report=$(clang-format --dry-run --Werror "${files[@]}" 2>&1); then
  mapfile -t unformatted < <(grep -o '^[^:]*:[0-9]*:[0-9]*: error' <<<"$report" | cut -d: -f1 | sort -u)
  printf 'not formatted: %s\n' "${unformatted[@]}"
  echo "check_format: ${#unformatted[@]} files; run: clang-format -i ${unformatted[*]}"
  exit 1
fi
echo "check_format: all ${#files[@]} files formatted"
