"""Kamisado's rules, proved: kamisado-lab as a Python module.

Positions are read and written in KFEN and moves in the notation of rules.md section 6
("c1c4", "pass", "fill-left", "fill-right"). A Position is a value: play() returns the next one.

>>> import kamisado
>>> p = kamisado.Position()            # the set-up, Black to move (rules.md T1)
>>> kamisado.perft(p, 2)                # rules.md section 7
1150
>>> kamisado.solve(p)["value"]        # the side to move wins the round
'win'

Errors in what is given (a malformed KFEN, an illegal move, a goal the position cannot be
asked) raise kamisado.InputError, a ValueError, with the command line's one-line message.
kamisado.RetroTable(path) opens a retrograde table (`kamisado retro build`) where it lies:
probe(position) reads only the blocks its answer needs.

The dicts that solve, check_proof, solve_puzzle and RetroTable.probe return are the `--json`
answers of `kamisado solve`, `check-proof`, `puzzles solve` and `retro probe`.

kamisado.testing checks an engine written in Python against the rules from pytest, in-process
(check_conformance, assert_conforms): the verdict and rule labels of `kamisado conform`.
"""

from ._kamisado import (  # noqa: F401
    START,
    InputError,
    Position,
    RetroTable,
    Stopped,
    check_proof,
    conformance_corpus,
    divide,
    match_target,
    perft,
    solve,
    solve_puzzle,
)

__all__ = [
    "START",
    "InputError",
    "Position",
    "RetroTable",
    "Stopped",
    "check_proof",
    "conformance_corpus",
    "divide",
    "match_target",
    "perft",
    "solve",
    "solve_puzzle",
]
