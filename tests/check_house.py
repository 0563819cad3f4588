#!/usr/bin/env python3
"""The house keeps its shape (docs/architecture.md, issue 47).

- A command file (app/cli/cmd_*.cpp) is at most 150 lines, and app/cli stays under its ceiling.
- A function in src/, solver/, puzzles/ or app/ (.cpp and .h) is at most 80 lines: free functions,
  members defined outside their class and, since issue 72, those defined in a class body. Braces
  are counted in the code with comments and literals blanked out.
- The engines return data: no header in src/ (but src/io, the presentation primitives), solver/ or
  puzzles/ declares a function that writes JSON, text or Markdown (*_json, *_text, *_markdown,
  *_summary, *_section, *_report); app/present does that. A file format's writer kept beside its
  reader is no output (FILE_FORMATS, each in docs/formats.md).
- No two headers share a file name, and no error of the libraries begins with an option's name.

What is over a limit today is listed below by name with its size: a ratchet. A listed function
may shrink (then lower its figure, or drop it once within the limit) but not grow, and nothing
new may join the list. Exit 1 and one line per fault.
"""
import pathlib
import re
import sys

COMMAND_LINES = 150
CLI_CEILING = 1818  # lines in app/cli today (issue 47: under 1 850; +8 for match-report --levels-journal, +1 for solve --every-level); lower it as commands thin
FUNCTION_LINES = 80

# Functions over FUNCTION_LINES today (file, name): their lines now (none since df-pn's
# make_children was split without a cost; docs/solver.md, "What a node costs").
LONG_FUNCTIONS = {}
# Command files over COMMAND_LINES today: their lines now (none since solve's by-rounds mode and
# checkpoint policy went to the library).
LONG_COMMANDS = {}

# A file format's writer beside its reader is not presentation (Syzygy's way: a format and its code
# together); each header here is the one docs/formats.md names for its format: the census run
# folder's manifest.json, the conformance corpus (kamisado-conformance 1), the move notation of
# the line protocol's `moves` answer (rules.md §6), the collection's puzzles.json (kamisado-puzzles
# 1) and the trainer's puzzles.js (kamisado-trainer 1).
FILE_FORMATS = {
    ("solver/census/census.h", "manifest_json"),
    ("src/conform/corpus.h", "corpus_to_json"),
    ("src/conform/corpus.h", "corpus_from_json"),
    ("src/kamisado/kfen.h", "legal_moves_text"),
    ("puzzles/collection_json.h", "puzzle_json"),
    ("puzzles/collection_json.h", "collection_json"),
    ("puzzles/trainer.h", "trainer_puzzle_json"),
}
# The engines' folders the output rule covers: all of src/, solver/ and puzzles/ but src/io, the
# presentation layer's primitives below every engine (a position in words, JSON and SVG, the
# report writer), which app/present and the files the engines write for people share.
ENGINES = ("src", "solver", "puzzles")
PRIMITIVES = ("src/io",)

FLAG_FIRST = re.compile(r'(?:InputError|Stopped)\((?:fmt::format\()?"--[a-z]')
PRESENTING = re.compile(r"^[A-Za-z_][\w:<>, ]*[\s*&]([a-z_]+_(?:json|text|markdown|summary|section|report))\(")
def code_of(text):
    """The text with comments, string and character literals blanked (newlines kept), so that
    braces are counted only where they are code."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i) or (c == "#" and (i == 0 or text[i - 1] == "\n")):
            j = text.find("\n", i)
            j = n if j < 0 else j
            while c == "#" and j < n and text[j - 1] == "\\":  # a macro continued on the next line
                j = text.find("\n", j + 1)
                j = n if j < 0 else j
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            d = text.index("(", i)
            close = ")" + text[i + 2:d] + '"'
            j = text.find(close, d)
            j = n if j < 0 else j + len(close)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 is a number
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


KINDS = re.compile(r"^(?:template\s*<.*>\s*)?(class|struct|union|enum)\b")
NAME = re.compile(r"(~?\w+)\s*(?:<[^()]*>)?\s*\($")
NOT_FUNCTIONS = {"if", "for", "while", "switch", "catch", "return", "sizeof", "decltype", "alignas", "requires"}


def function_name(head):
    """The name of the function `head` defines (the text before its body), or None."""
    depth = 0
    for i, c in enumerate(head):
        if c == "(" and depth == 0:
            m = NAME.search(head[: i + 1])
            if m and m.group(1) not in NOT_FUNCTIONS and "=" not in head[: m.start()].replace("==", ""):
                return m.group(1)
            return None
        depth += c == "<"
        depth -= c == ">" and depth > 0
    return None


def functions(text):
    """(name, lines) of each function defined in a file, at namespace scope or in a class body
    (issue 72: a member defined inside its class is a function too). A function's lines run from
    its signature's first line to its closing brace."""
    code = code_of(text)
    scopes = []  # the kind of each open brace: ns, class, func, init, block
    head, head_line, line = "", None, 1
    for c in code:
        if c == "\n":
            line += 1
            head += " "
            continue
        if c == "{":
            h = " ".join(head.split())
            outer = scopes[-1][0] if scopes else "ns"
            if outer in ("func", "block"):
                kind = "block"
            elif h.startswith(("namespace", 'extern ""')):
                kind = "ns"
            elif KINDS.match(h):
                kind = "class"
            elif h.count("(") > h.count(")"):
                kind = "init"  # a brace inside parentheses: a default argument, an initializer
            elif ")" in h and re.search(r"\)\s*(?:const\s*)?(?:noexcept\s*)?:.*[\w>]$", h):
                kind = "init"  # a member's initializer in a constructor's list: the head goes on
            elif function_name(h):
                kind = "func"
            else:
                kind = "block"
            scopes.append((kind, head if kind == "init" else h, head_line if head_line is not None else line))
            head, head_line = "", None
            continue
        if c == "}":
            if scopes:
                kind, h, first = scopes.pop()
                if kind == "func":
                    yield function_name(h), line - first + 1
                if kind == "init":  # the head it interrupted goes on
                    head, head_line = h + "{}", first
                    continue
            head, head_line = "", None
            continue
        if c == ";":
            head, head_line = "", None
            continue
        if not c.isspace() and head_line is None:
            head_line = line
        head += c


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
        for f in sorted([*(root / top).rglob("*.cpp"), *(root / top).rglob("*.h")]):
            rel = str(f.relative_to(root))
            for name, n in functions(f.read_text()):
                allowed = LONG_FUNCTIONS.get((rel, name), FUNCTION_LINES)
                if n > allowed:
                    faults.append(f"{rel}: {name} is {n} lines, at most {allowed}")
                if n > FUNCTION_LINES:
                    still_long.add((rel, name))
    presenting = set()
    for f in sorted(h for top in ENGINES for h in (root / top).rglob("*.h")):
        rel = str(f.relative_to(root))
        if rel.startswith(PRIMITIVES):
            continue
        for line in f.read_text().splitlines():
            m = PRESENTING.match(line)
            if m:
                presenting.add((rel, m.group(1)))
                if (rel, m.group(1)) not in FILE_FORMATS:
                    faults.append(f"{rel}: declares {m.group(1)}; the engines return data, app/present writes it out")
    formats = (root / "docs" / "formats.md").read_text()
    for rel in sorted({rel for rel, _ in FILE_FORMATS}):
        if f"`{rel}`" not in formats and f"`{rel.split('/')[-1]}`" not in formats:
            faults.append(f"{rel}: listed as a file format's writer, but docs/formats.md names no format there")
    # The libraries' errors speak of the problem; the command line adds its option (issue 72): no
    # error in src/, solver/ or puzzles/ begins with an option's name ("--goal must be ...").
    for top in ENGINES:
        for f in sorted((root / top).rglob("*.cpp")):
            for number, line in enumerate(f.read_text().splitlines(), 1):
                if FLAG_FIRST.search(line):
                    faults.append(f"{f.relative_to(root)}:{number}: an error that begins with an option's name; say the problem, "
                                  "and let the command line add its option (InputError's field)")
    # No two headers share a file name (issue 72): a name says what a file holds, wherever it is.
    by_name = {}
    for top in ("src", "solver", "puzzles", "app"):
        for h in (root / top).rglob("*.h"):
            by_name.setdefault(h.name, []).append(str(h.relative_to(root)))
    for name, paths in sorted(by_name.items()):
        if len(paths) > 1:
            faults.append(f"{name}: {len(paths)} headers of this name ({', '.join(sorted(paths))}); name each for what it holds")
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
