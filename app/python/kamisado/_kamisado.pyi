# Type hints of the compiled module (app/python/module.cpp). Rule IDs are rules.md's.
from typing import Any, Optional

START: str
"""The set-up of a single round in KFEN: "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -" (T1)."""

class InputError(ValueError):
    """What was given is wrong (KFEN, a move, a goal, a file): the command line's one line."""

class Stopped(RuntimeError):
    """A search or check stopped before its answer (a time limit)."""

class Position:
    """A position of a round or a match (rules.md section 6, KFEN). Immutable: play() returns the next one."""

    def __init__(self, kfen: str = ...) -> None:
        """From KFEN (default: the set-up). Raises InputError naming what is malformed."""
    @property
    def kfen(self) -> str: ...
    @property
    def side_to_move(self) -> str:
        """"black" or "gold"."""
    @property
    def round_winner(self) -> Optional[str]:
        """Who won the round being played, if it is over (M7 goal row, M8 deadlock; between rounds, F1, the Defender)."""
    @property
    def is_over(self) -> bool:
        """The single round or the match is over (M7, M8, P3)."""
    def moves(self) -> list[str]:
        """The legal moves (M1-M9, S1-S5; a forced pass is "pass", the Defender's regrouping "fill-left"/"fill-right")."""
    def play(self, move: str) -> Position:
        """The position after `move`; InputError if it is not legal here."""
    def play_all(self, moves: list[str] | str) -> Position:
        """The position after each of `moves` in turn: a list, or one string of them ("a1a5 a8a4")."""
    def status(self) -> dict[str, Any]:
        """As `kamisado show --json`'s status: the state, the winner and how (goal row, deadlock), the score."""
    def status_line(self) -> str: ...
    @property
    def protocol_status(self) -> str:
        """The line protocol's words: "ongoing", "between-rounds", "won black home-row" (M7), "won gold deadlock" (M8), "match-won black" (P3)."""
    def _repr_svg_(self) -> str:
        """The board as SVG (its colours and towers): shown by Jupyter."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def perft(position: Position, depth: int) -> int:
    """The number of move sequences of `depth` plies, 0 to 30 (passes count as moves, M9; rules.md section 7 lists reference counts).

    Releases the GIL while it counts; from the main thread, Ctrl-C stops it and raises KeyboardInterrupt.
    """

def divide(position: Position, depth: int) -> dict[str, int]:
    """perft's count under each legal first move (depth 1 to 30); Ctrl-C stops it as it stops perft."""

def match_target(name: str) -> int:
    """P3: "standard" 3, "long" 7, "marathon" 15, or a number of points from 1 to 15."""

def solve(
    position: Position,
    goal: str = "round",
    nodes: int = 0,
    seconds: float = 0.0,
    hash_mb: int = 64,
    value_only: bool = False,
) -> dict[str, Any]:
    """Who wins and in how many plies, with the best move: `kamisado solve --json`'s answer.

    goal: "round", "match" (P3, across rounds) or "ring:P" (P2). nodes/seconds: a budget (0: none;
    seconds up to 1e7); past it the value is "unknown". hash_mb: 1 to 65536, as --hash. A number out
    of range, NaN or of the wrong kind raises InputError. Releases the GIL while it searches; from the main thread,
    Ctrl-C stops it and raises KeyboardInterrupt.
    """

def check_proof(path: str, threads: int = 1) -> dict[str, Any]:
    """A proof file (solve --proof) or a certificate's folder re-verified: `kamisado check-proof --json`'s answer.

    Releases the GIL; from the main thread, Ctrl-C stops a folder's check and raises KeyboardInterrupt.
    """

class RetroTable:
    """A retrograde table file (`kamisado retro build`), probed where it lies: opening it reads its head and index, a probe the blocks its answer needs (docs/formats.md)."""

    def __init__(self, path: str) -> None: ...
    @property
    def root(self) -> str:
        """The KFEN of the position the table was built from."""
    def __len__(self) -> int: ...
    def probe(self, position: Position) -> Optional[dict[str, Any]]:
        """Value, distance and optimal moves (`kamisado retro probe --json`), or None where the table does not hold the position."""

def solve_puzzle(position: Position, hash_mb: int = 64, seconds: float = 0.0) -> dict[str, Any]:
    """A "win in N" puzzle: key, main line, duals, slower wins (`kamisado puzzles solve --json`)."""

def conformance_corpus() -> dict[str, Any]:
    """The built-in conformance corpus (`kamisado corpus`): positions where implementations are known to disagree, with what the rules say there."""

def _check_conformance(
    engine: Any, depth: int, games: int, seed: int, match: str, allow: list[str], corpus: str
) -> tuple[dict[str, Any], str]: ...
