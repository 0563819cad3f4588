#!/usr/bin/env python3
"""The include graph follows the layers of architecture.md.

Each source file belongs to a module (its folder); each of its #include "..." lines names a module
too. A module may include only itself and the modules listed for it below, so dependencies point
one way and search/ reads no files. z3++.h, mpi.h and Boost.Graph are heavy: a header that
includes one is included only inside the module that owns that dependency (verify for Z3,
src/run for MPI, solver/proof and solver/retro for Boost.Graph), never by another's
sources. No source file sits loose in solver/. And the top-level folders read bottom to top (src/, solver/,
puzzles/, app/): no file includes from a folder above its own. Every include names its file by its path
from the repository root ("src/kamisado/position.h", "solver/search/dfpn.h"): one convention.
Exit 1 and one line per fault if anything breaks a rule.
"""
import pathlib
import re
import sys

# module -> the modules it may include (itself always). Folders of src/ are named by their folder,
# solver's and puzzles' by their path from the root.
ALLOWED = {
    "kamisado": set(),
    "io": {"kamisado"},
    "run": {"kamisado"},
    "bench": {"kamisado", "io"},
    "play": {"kamisado", "io"},
    "conform": {"kamisado"},
    "verify": {"kamisado", "conform", "io"},
    "solver/search": {"kamisado"},
    "solver/proof": {"kamisado", "io", "solver/search"},
    "solver/retro": {"kamisado", "io", "solver/search"},
    "solver/bench": {"kamisado", "io", "play", "solver/search", "solver/proof", "solver/retro", "solver/starts", "solver/analysis"},
    "solver/starts": {"kamisado", "io"},
    "solver/match": {"kamisado", "io", "run", "play", "solver/search", "solver/proof", "solver/retro", "solver/starts"},
    "solver/census": {"kamisado", "io", "run", "play", "solver/search", "solver/proof", "solver/retro", "solver/starts"},
    "solver/analysis": {"kamisado", "io", "solver/search", "solver/retro", "solver/starts"},
    "serve": {"kamisado", "io", "present", "conform", "solver/search", "solver/proof", "solver/retro", "solver/starts", "solver/match",
              "solver/analysis", "solver/bench", "puzzles"},
    "puzzles": {"kamisado", "io", "play", "solver/search", "solver/proof", "solver/retro"},
    "present": {"kamisado", "io", "run", "play", "bench", "conform", "verify", "solver/search", "solver/proof", "solver/retro",
                "solver/starts", "solver/match", "solver/census", "solver/analysis", "solver/bench", "puzzles"},
    "cli": None,  # the command line may use every library
    # The Python module: a client like the command line, of the rules, the searches, the
    # conformance harness, Ctrl-C (run/ctrl_c.h) and present.
    "python": {"kamisado", "io", "run", "play", "conform", "present", "puzzles", "solver/search", "solver/proof", "solver/match", "solver/retro"},
    # The WebAssembly package: the rules, the search and the analysis, the harness, the board's
    # answers (present), the server's budgets (serve/api.h) so that the board answers alike, and
    # the proof pipeline without its files (solver/proof/solve_request.h: the one solve).
    "wasm": {"kamisado", "io", "play", "conform", "present", "serve", "solver/search", "solver/proof", "solver/analysis"},
    # The match at scale on SimGrid's simulated ranks (issue 68): the job tree scheduler (run) with
    # the work a levels journal measured (solver/match/scale_model.h), built against SMPI's mpi.h.
    "match_scale": {"kamisado", "run", "solver/match"},
}
# The top-level folders, bottom to top: a file may include from its own folder and those below it,
# never from one above (no arrow runs back up the picture in architecture.md).
TOPS = ("src", "solver", "puzzles", "app")
TOP_OF_MODULE = {"cli": "app", "serve": "app", "present": "app", "python": "app", "wasm": "app", "match_scale": "app", "puzzles": "puzzles"}
HEAVY = re.compile(r'#include\s*<(z3\+\+\.h|mpi\.h|boost/graph/[^>]*)>')
HEAVY_OWNERS = {"z3++.h": {"verify"}, "mpi.h": {"run", "match_scale"}, "boost/graph": {"solver/proof", "solver/retro"}}
LOCAL = re.compile(r'#include\s*"([^"]+)"')


def module_of_include(path):
    """The module of an include named from the repository root (the one convention, issue 72):
    "src/kamisado/position.h" is kamisado, "app/present/verdict.h" present, "solver/search/dfpn.h"
    solver/search, "puzzles/store.h" puzzles."""
    parts = path.split("/")
    if parts[0] in ("src", "app") and len(parts) > 2:
        return parts[1]
    if parts[0] == "solver" and len(parts) > 2:
        return "solver/" + parts[1]
    return parts[0]


def top_of(module):
    """The top-level folder a module lives in."""
    if module.startswith("solver/"):
        return "solver"
    return TOP_OF_MODULE.get(module, "src")


def module_of_file(root, f):
    rel = f.relative_to(root).parts
    if rel[0] in ("src", "app"):
        return rel[1]
    if rel[0] == "solver":
        return "solver/" + rel[1] if len(rel) > 2 else None
    return rel[0]


def main(root):
    root = pathlib.Path(root)
    faults = []
    for top in TOPS:
        for f in sorted((root / top).rglob("*")):
            if f.suffix not in (".h", ".cpp"):
                continue
            module = module_of_file(root, f)
            rel = f.relative_to(root)
            if module is None:
                faults.append(f"{rel}: loose in solver/; it belongs in one of its folders")
                continue
            if module not in ALLOWED:
                faults.append(f"{rel}: module {module} is not in the layer map (tests/check_layers.py, architecture.md)")
                continue
            allowed = ALLOWED[module]
            for number, line in enumerate(f.read_text().splitlines(), 1):
                m = LOCAL.match(line.strip())
                if not m:
                    continue
                if not (root / m.group(1)).is_file():
                    faults.append(f"{rel}:{number}: #include \"{m.group(1)}\" is no file's path from the repository root (the one convention)")
                    continue
                target = module_of_include(m.group(1))
                if TOPS.index(top_of(target)) > TOPS.index(rel.parts[0]):
                    faults.append(f"{rel}:{number}: {rel.parts[0]}/ may not include {m.group(1)}, which is in {top_of(target)}/ above it")
                if allowed is None:
                    continue
                if target != module and target not in allowed:
                    faults.append(f"{rel}:{number}: {module} may not include {m.group(1)} ({target})")
    # Headers that bring in a heavy dependency, and who includes them.
    heavy_headers = {}
    for top in TOPS:
        for f in (root / top).rglob("*.h"):
            for line in f.read_text().splitlines():
                m = HEAVY.search(line)
                if m:
                    name = "boost/graph" if m.group(1).startswith("boost/graph") else m.group(1)
                    path = str(f.relative_to(root))
                    heavy_headers[path] = name
    for top in TOPS:
        for f in sorted((root / top).rglob("*")):
            if f.suffix not in (".h", ".cpp"):
                continue
            module = module_of_file(root, f)
            for number, line in enumerate(f.read_text().splitlines(), 1):
                m = LOCAL.match(line.strip())
                if m and m.group(1) in heavy_headers and module not in HEAVY_OWNERS[heavy_headers[m.group(1)]]:
                    faults.append(f"{f.relative_to(root)}:{number}: includes {m.group(1)}, which brings in {heavy_headers[m.group(1)]}")
    for fault in faults:
        print(fault)
    print(f"layers: {len(faults)} faults" if faults else "layers: every include follows the layer map")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
