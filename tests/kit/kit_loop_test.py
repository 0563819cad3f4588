#!/usr/bin/env python3
"""The Python adapter kit's request loop (src/conform/adapters/kamisado_protocol.py): bad requests
and refusals answered as the protocol says, and an exception of the engine's own code answered
with one line naming it (its traceback on stderr) while the loop goes on. Exit 1 on a failure."""
import contextlib
import io
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "conform", "adapters"))
import kamisado_protocol as kp  # noqa: E402


class Faulty:
    def set_position(self, pos):
        if pos.match:
            raise KeyError("score")
        self.pos = pos

    def moves(self):
        return ["pass"]

    def play(self, move):
        if move == "pass":
            return 1 / 0
        raise ValueError("x" * 300)

    def status(self):
        raise kp.Refused("no status here")


expected = [
    ("hello", "kamisado-protocol 1 faulty features sumo"),
    ("position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -", "ok"),
    ("position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:1-0", "error the engine raised KeyError: 'score'"),
    ("position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3", "error not a match field (target:black-gold): 3"),
    ("play pass", "error the engine raised ZeroDivisionError: division by zero"),
    ("play c1c4", "error the engine raised ValueError: " + "x" * 167 + "..."),
    ("status", "error no status here"),
    ("moves", "moves pass"),
    ("   ", "error empty request"),
    ("frobnicate", "error unknown request frobnicate"),
]
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stderr(err):
    kp.serve(Faulty(), name="faulty", features=["sumo"], lines=[line + "\n" for line, _ in expected] + ["quit\n", "hello\n"], out=out)
replies = out.getvalue().splitlines()
failures = [f"'{line}' answered '{got}', not '{want}'" for (line, want), got in zip(expected, replies) if got != want]
if len(replies) != len(expected):
    failures.append(f"{len(replies)} replies to {len(expected)} requests (none after quit)")
if err.getvalue().count("Traceback") != 3 or "ZeroDivisionError" not in err.getvalue():
    failures.append("the engine's three faults were not each written to stderr with their traceback")
for f in failures:
    print("kit_loop_test: " + f)
if failures:
    sys.exit(1)
print(f"kit_loop_test: {len(expected)} requests answered as expected")
