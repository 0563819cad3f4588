#!/usr/bin/env python3
"""The house keeps its shape (docs/architecture.md, issue 47).

- A command file (app/cli/cmd_*.cpp) is at most 150 lines, and app/cli stays under its ceiling.
- A function in src/, solver/, puzzles/ or app/ is at most 80 lines (those defined at the left margin,
  as clang-format lays them out: free functions and members defined outside their class).
- The engines return data: no header in solver/ declares a function that writes JSON, text or
  Markdown (*_json, *_text, *_markdown, *_summary, *_section, *_report); app/present does that.

What is over a limit today is listed below by name with its size: a ratchet. A listed function
may shrink (then lower its figure, or drop it once within the limit) but not grow, and nothing
new may join the list. Exit 1 and one line per fault.
"""
import pathlib
import re
import sys

COMMAND_LINES = 150
CLI_CEILING = 1819  # lines in app/cli today (issue 47: under 1 850); lower it as commands thin
FUNCTION_LINES = 80

# Functions over FUNCTION_LINES today (file, name): their lines now (none since df-pn's
# make_children was split without a cost; docs/solver.md, "What a node costs").
LONG_FUNCTIONS = {}
# Command files over COMMAND_LINES today: their lines now (none since solve's by-rounds mode and
# checkpoint policy went to the library).
LONG_COMMANDS = {}

# A file format's writer beside its reader is not presentation (Syzygy's way: a format and its code
# together): the census run folder's manifest.json, written by plan_census and compared when the
# folder is opened again.
FILE_FORMATS = {
    ("solver/census/census.h", "manifest_json"),
}

PRESENTING = re.compile(r"^[A-Za-z_][\w:<>, ]*[\s*&]([a-z_]+_(?:json|text|markdown|summary|section|report))\(")
# A definition's first line at the left margin: a type, a name and an opening parenthesis.
DEFINITION = re.compile(r"^(?!namespace|struct|class|enum|union|template|using|typedef|extern|static_assert|#|//|\}|\s)[^;]*?\b(~?\w+)\(")


def functions(text):
    """(name, lines) of each function defined at the left margin (clang-format's layout)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = DEFINITION.match(lines[i])
        if not m:
            i += 1
            continue
        j = i  # the signature may wrap: its body opens where a line ends with "{"
        while j < len(lines) and not lines[j].rstrip().endswith(("{", ";", "}")):
            j += 1
        if j >= len(lines) or not lines[j].rstrip().endswith("{"):
            i = j + 1  # a declaration, or a body on one line
            continue
        k = j + 1
        while k < len(lines) and lines[k] != "}":
            k += 1
        yield m.group(1), k - i + 1
        i = k + 1


def main(root):
    root = pathlib.Path(root)
    faults = []
    cli_lines = 0
    for f in sorted((root / "app" / "cli").glob("*")):
        n = len(f.read_text().splitlines())
        cli_lines += n
        allowed = LONG_COMMANDS.get(f.name, COMMAND_LINES)
        if f.name.startswith("cmd_") and f.suffix == ".cpp" and n > allowed:
            faults.append(f"{f.relative_to(root)}: {n} lines, at most {allowed}")
    if cli_lines > CLI_CEILING:
        faults.append(f"app/cli: {cli_lines} lines, over its ceiling of {CLI_CEILING}")
    still_long = set()
    for top in ("src", "solver", "puzzles", "app"):
        for f in sorted((root / top).rglob("*.cpp")):
            rel = str(f.relative_to(root))
            for name, n in functions(f.read_text()):
                allowed = LONG_FUNCTIONS.get((rel, name), FUNCTION_LINES)
                if n > allowed:
                    faults.append(f"{rel}: {name} is {n} lines, at most {allowed}")
                if n > FUNCTION_LINES:
                    still_long.add((rel, name))
    presenting = set()
    for f in sorted((root / "solver").rglob("*.h")):
        rel = str(f.relative_to(root))
        for line in f.read_text().splitlines():
            m = PRESENTING.match(line)
            if m:
                presenting.add((rel, m.group(1)))
                if (rel, m.group(1)) not in FILE_FORMATS:
                    faults.append(f"{rel}: declares {m.group(1)}; the engines return data, app/present writes it out")
    # The lists only shrink: an entry that no longer applies is taken off.
    for rel, name in sorted(set(LONG_FUNCTIONS) - still_long):
        faults.append(f"{rel}: {name} is within {FUNCTION_LINES} lines or gone: take it off LONG_FUNCTIONS")
    for rel, name in sorted(FILE_FORMATS - presenting):
        faults.append(f"{rel}: no longer declares {name}: take it off FILE_FORMATS")
    for fault in faults:
        print(fault)
    print(f"house: {len(faults)} faults" if faults else f"house: in shape (app/cli {cli_lines} lines)")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
