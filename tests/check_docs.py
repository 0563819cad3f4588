#!/usr/bin/env python3
"""Every command and option the documentation shows exists (issue 32).

Reads README.md and docs/*.md: each `kamisado ...` in inline code or a code block, and each
command in the first column of docs/commands.md's table, is walked down the command tree that
`kamisado --help` prints (its "Subcommands:" sections); each --option after it must appear in
that command's own --help. And every protocol exchange a doc shows in a code block (a line
`position K`, then `play M  →  position K2   status S`) is played on `kamisado engine`, which must
answer K2 and S. Exit 1 and one line per fault.
usage: check_docs.py KAMISADO ROOT
"""
import pathlib
import re
import subprocess
import sys

kamisado, root = sys.argv[1], pathlib.Path(sys.argv[2])
helps = {}


def help_of(path):
    if path not in helps:
        r = subprocess.run([kamisado, *path, "--help"], capture_output=True, text=True)
        helps[path] = r.stdout if r.returncode == 0 else None
    return helps[path]


def subcommands(path):
    text = help_of(path) or ""
    if "Subcommands:" not in text:
        return set()
    names = set()
    for line in text.split("Subcommands:", 1)[1].splitlines()[1:]:
        m = re.match(r"  (\S+)\s", line)
        if not m:
            break
        names.add(m.group(1))
    return names


def check(usage, where, faults):
    words = usage.split()
    path = ()
    i = 0
    while i < len(words) and words[i] in subcommands(path):
        path += (words[i],)
        i += 1
    if not path and (i >= len(words) or not words[i].startswith("-")):
        faults.append(f"{where}: `kamisado {usage}`: no such command")
        return
    text = help_of(path) or ""
    for word in words[i:]:
        if word in ("&&", "|", ";", ">", "2>"):
            break
        for option in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", word):
            if not re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", text):
                faults.append(f"{where}: `kamisado {' '.join(path)}` has no option {option}")


def check_exchanges(text, where, faults):
    """Each shown `play` after a `position`, replayed on `kamisado engine` (the protocol's reference)."""
    position, played = None, 0
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("position ") and "→" not in line:
            position = line[len("position "):]
            continue
        m = re.match(r"play (\S+)\s+→\s+position (.+?)\s{2,}status (.+)$", line)
        if not m or position is None:
            continue
        move, kfen, status = m.groups()
        played += 1
        r = subprocess.run([kamisado, "engine"], input=f"position {position}\nplay {move}\nstatus\nquit\n", capture_output=True, text=True)
        replies = r.stdout.splitlines()
        if replies != ["ok", f"position {kfen}", f"status {status}"]:
            faults.append(f"{where}: position {position}, play {move}: the engine answers {replies}, not '{kfen}' and '{status}'")
    return played


faults, exchanges = [], 0
for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
    text = doc.read_text()
    spans = re.findall(r"`([^`\n]+)`", text) + [l.strip().lstrip("$ ") for l in text.splitlines() if l.startswith("    ")]
    for span in spans:
        for m in re.finditer(r"(?:^|[\s(])kamisado ([^`]*)", span):
            check(m.group(1).split(" && ")[0], doc.name, faults)
    exchanges += check_exchanges(text, doc.name, faults)
    if doc.name == "commands.md":
        for row in re.findall(r"^\| `([^`]+)`", text, re.M):
            check(row.replace("\\|", "|"), doc.name, faults)

for fault in sorted(set(faults)):
    print(fault)
print(f"docs: {len(set(faults))} faults" if faults else f"docs: every documented command and option exists, {exchanges} protocol exchanges as shown")
sys.exit(1 if faults else 0)
