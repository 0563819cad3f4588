#!/usr/bin/env python3
"""The README's five-minute tour shows what the tool prints today (issue 72: its figures had gone
stale: 894 873 nodes, 2 282 positions, 830 leaves where the search now gives 759 234, 2 346, 862).

Each `$ kamisado ...` line of the tour is run (in a scratch folder, so its files land there) and
every line shown under it must be a line of its output, in order; "..." stands for lines left
out. Times and rates differ from machine to machine and are compared as "a time", "a rate".
Usage: check_readme_tour.py KAMISADO README.md
"""
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

TIMES = [(re.compile(r"\d+(?:\.\d+)? M nodes/s"), "<rate> M nodes/s"), (re.compile(r"\d+(?:\.\d+)? s\b"), "<time> s")]


def normal(line):
    line = line.rstrip()
    for pattern, word in TIMES:
        line = pattern.sub(word, line)
    return line


def tour(readme):
    """(command, shown lines) of each command of the tour."""
    text = readme.split("## A five-minute tour", 1)[1].split("\n## ", 1)[0]
    steps = []
    for line in text.split("\n"):
        if line.startswith("    $ kamisado "):
            steps.append((line[len("    $ "):], []))
        elif line.startswith("    ") and steps:
            steps[-1][1].append(line[4:])
        elif line.strip() and steps and not line.startswith("    "):
            steps.append((None, []))  # prose ends a block
    return [(c, shown) for c, shown in steps if c]


def main(kamisado, readme_path):
    kamisado = str(pathlib.Path(kamisado).resolve())
    steps = tour(pathlib.Path(readme_path).read_text())
    if not steps:
        print("FAIL: no tour found in the README")
        return 1
    faults = 0
    with tempfile.TemporaryDirectory() as scratch:
        for command, shown in steps:
            args = [kamisado] + shlex.split(command)[1:]
            run = subprocess.run(args, cwd=scratch, capture_output=True, text=True, timeout=300)
            got = [normal(l) for l in run.stdout.split("\n")]
            at = 0
            for want in shown:
                if want.strip() == "...":
                    continue
                want = normal(want)
                try:
                    at = got.index(want, at) + 1
                except ValueError:
                    print(f"FAIL: '{command}' does not print, where the README shows it:\n  {want}\nit prints:\n  " + "\n  ".join(got))
                    faults += 1
                    break
    print(f"tour: {len(steps)} commands, {faults} differ from the README" if faults else f"tour: {len(steps)} commands print what the README shows")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
