#!/usr/bin/env python3
"""docs/architecture.md matches the tree (issue 72: the map had drifted from the house).

- Every file the map names exists: in the map's picture, a name under a folder's line (`dfpn.*`,
  `aim.h`) is a file of that folder; elsewhere a name with a folder (`solver/search/aim.h`,
  `present/verdict.h`) is a file at that path, from the root or under src/ or app/.
- Every header of a library or program folder is named in the picture, so a new file cannot be
  left off the map.
- The table "Who may include whom" is check_layers.py's map, module by module, both ways.
- Every word the glossary's first column holds is used in the code, and the words the solver's
  files explain in their comments are in the glossary (GLOSSARY_WORDS below).
Exit 1 and one line per fault.
"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import check_layers  # noqa: E402

NAME = re.compile(r"(?<![<\w./-])`?([\w./-]*\w)\.(h|cpp|\*|py|sh|js|md|in)`?")
# The solver's own words that its code uses and a newcomer meets: each must be in the glossary.
GLOSSARY_WORDS = ("glimpse", "outlook", "stakes", "salt", "threat", "quiet step", "round start", "job", "layer")


def picture_of(doc):
    """The lines of the map's picture: the first code block."""
    m = re.search(r"```\n(.*?)```", doc, re.S)
    return m.group(1).split("\n") if m else []


def folders_and_names(picture):
    """(folder, name) of each file the picture names under a folder's line."""
    top, folder = None, None
    for line in picture:
        if line.startswith("─"):
            continue
        m = re.match(r"^(\S+/)\s", line + " ")
        if m:  # a folder at the left margin: src/io/, app/cli/, solver/
            top = folder = m.group(1).rstrip("/")
        else:
            sub = re.match(r"^    (\w+/)\s", line)
            if sub and top:  # a folder of solver/ or src/kamisado's files
                folder = top + "/" + sub.group(1).rstrip("/")
            elif re.match(r"^    \w+\.(h|\*)\s", line) and top:
                folder = top
        for n in NAME.finditer(line):
            yield folder, n.group(1), n.group(2)


def exists(root, folder, stem, ext):
    exts = ("h", "cpp") if ext == "*" else (ext,)
    where = [folder] if folder else []
    if "/" in stem:
        where = ["", "src", "app"] + ([folder] if folder else [])
    for w in where:
        for e in exts:
            if (root / w / f"{stem}.{e}").is_file():
                return True
    return False


def layer_table(doc):
    """module -> the modules it may include, from the table 'Who may include whom'."""
    m = re.search(r"### Who may include whom\n(.*?)(?:\n#|\*\*|\Z)", doc, re.S)
    table = {}
    if not m:
        return table
    for row in m.group(1).split("\n"):
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0].startswith("`"):
            continue
        may = cells[1]
        table[cells[0].strip("`")] = None if may.startswith("every") else set(re.findall(r"`([\w/]+)`", may))
    return table


def main(root):
    root = pathlib.Path(root)
    doc = (root / "docs" / "architecture.md").read_text()
    faults = []
    picture = picture_of(doc)
    named = set()
    for folder, stem, ext in folders_and_names(picture):
        if ext not in ("h", "cpp", "*"):
            continue
        if folder and folder.split("/")[0] in ("tests", "reports"):
            continue
        named.add((folder, stem.split("/")[-1]))
        if not exists(root, folder, stem, ext):
            faults.append(f"docs/architecture.md names {folder + '/' if folder and '/' not in stem else ''}{stem}.{ext}, which is not in the tree")
    outside = "\n".join(line for line in doc.split("\n") if line not in picture)
    for n in NAME.finditer(outside):
        stem, ext = n.group(1), n.group(2)
        if "/" in stem and ext in ("h", "cpp", "*", "py", "sh") and not stem.startswith(("shared/", "../")):
            if not exists(root, None, stem, ext):
                faults.append(f"docs/architecture.md names {stem}.{ext}, which is not in the tree")
    # Every header of the libraries and programs is on the map.
    for top in ("src", "solver", "puzzles", "app"):
        for h in sorted((root / top).rglob("*.h")):
            rel = h.relative_to(root)
            folder = str(rel.parent)
            if any(part in ("board", "package", "adapters", "trainer") for part in rel.parts):
                continue
            if (folder, h.stem) not in named and not any(f == folder and s == h.stem for f, s in named):
                faults.append(f"{rel} is not on docs/architecture.md's map (name it under {folder}/)")
    # The layer table is check_layers.py's map.
    table = layer_table(doc)
    if not table:
        faults.append("docs/architecture.md has no table 'Who may include whom'")
    for module, allowed in check_layers.ALLOWED.items():
        if module not in table:
            faults.append(f"docs/architecture.md's table has no row for {module} (check_layers.py has one)")
        elif table[module] != allowed:
            faults.append(f"docs/architecture.md: {module} may include {sorted(table[module] or ['every module'])}, "
                          f"check_layers.py says {sorted(allowed or ['every module'])}")
    for module in sorted(set(table) - set(check_layers.ALLOWED)):
        faults.append(f"docs/architecture.md's table has a row for {module}, which check_layers.py does not know")
    glossary = re.search(r"## Glossary\n(.*)", doc, re.S)
    words = glossary.group(1).lower() if glossary else ""
    for w in GLOSSARY_WORDS:
        if not re.search(r"^\| [^|]*\b" + re.escape(w), words, re.M):
            faults.append(f"docs/architecture.md's glossary lacks '{w}'")
    for fault in faults:
        print(fault)
    print(f"architecture: {len(faults)} faults" if faults else "architecture: the map matches the tree")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
