#!/usr/bin/env bash
# docs/python.md's install command, as a user runs it: a fresh virtual environment of the
# interpreter the module was built for, activated, the command as written, then `import kamisado`
# from that environment alone (no PYTHONPATH, another working directory) answers perft 3 (rules.md
# section 7) and finds kamisado.testing.
#   tests/python_install.sh BUILD_DIR PYTHON WORK_DIR
set -euo pipefail
build=$(cd "$1" && pwd) python=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
"$python" -m venv --without-pip venv
# shellcheck disable=SC1091
source venv/bin/activate
unset PYTHONPATH
cmake --install "$build" --component python --prefix "$(python3 -c 'import sysconfig; print(sysconfig.get_path("platlib"))')"
python3 - <<'PY'
import sys, sysconfig
import kamisado, kamisado.testing
site = sysconfig.get_path("platlib")
assert kamisado.__file__.startswith(site), (kamisado.__file__, site)
assert sys.prefix != sys.base_prefix, "not in the virtual environment"
n = kamisado.perft(kamisado.Position(), 3)
assert n == 11182, n
print("installed in", site, "- perft 3:", n)
PY
