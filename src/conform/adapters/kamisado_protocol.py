"""The kamisado line protocol around your rules module: KFEN, moves and the request loop.

Wire an engine to `kamisado conform` in three steps (docs/conformance.md):

    import kamisado_protocol as kp

    class MyEngine:                      # any object with these four methods
        def set_position(self, pos):     # pos: kp.Position; raise kp.Refused to refuse it
            self.state = my_rules.from_squares(pos)
        def moves(self):                 # the legal moves, in rules.md notation
            return [kp.move_name(a, b) for a, b in my_rules.legal(self.state)]
        def play(self, move):            # -> kp.Position after it; raise kp.Refused if illegal
            ...
        def status(self):                # "ongoing", "won black home-row", ... (see below)
            ...

    kp.serve(MyEngine(), name="my-engine", features=["single-round"])

Squares are (file, rank) pairs, 0-based: (0, 0) is a1, Black's left corner (rules.md B1).
A tower is (side, colour, rank): side "b" or "g", colour a letter of COLOURS (B2), rank 0-4
(rings, S1). Statuses: "ongoing", "between-rounds", "won black|gold home-row|deadlock",
"match-won black|gold". Features: "single-round", "sumo", "match" (what the engine plays).
An exception of your own code (anything but Refused) is answered with one line naming it,
"error the engine raised ZeroDivisionError: division by zero", its traceback written to stderr
(which `kamisado conform` quotes), and the loop goes on: the harness reports the position where
it happened instead of losing the engine.
Only the standard library is used; Python 3.8 or later.
"""
import re
import sys
import traceback

COLOURS = "NGRYKPBO"  # brown green red yellow pink purple blue orange (B2)
# B3: the colour letter of each square, ranks 1..8, files a..h.
SQUARE_COLOURS = ["NGRYKPBO", "PNYBGKOR", "BYNPROKG", "YRGNOBPK", "KPBONGRY", "GKORPNYB", "ROKGBYNP", "OBPKYRGN"]


class Refused(Exception):
    """Raise it to answer a request with 'error <text>'."""


def engine_fault(error):
    """The reply's text for an exception of the engine's own code: its type and message, one line."""
    message = " ".join(str(error).split())
    text = "the engine raised " + type(error).__name__ + (": " + message if message else "")
    return text if len(text) <= 200 else text[:197] + "..."


def square_colour(square):
    return SQUARE_COLOURS[square[1]][square[0]]


def square_name(square):
    return "abcdefgh"[square[0]] + str(square[1] + 1)


def parse_square(text):
    if len(text) != 2 or text[0] not in "abcdefgh" or text[1] not in "12345678":
        raise Refused("not a square: " + text)
    return ("abcdefgh".index(text[0]), int(text[1]) - 1)


def move_name(source, target):
    return square_name(source) + square_name(target)


def parse_move(text):
    """'pass', 'fill-left', 'fill-right' as they are; 'c1c4' as ((2, 0), (2, 3))."""
    if text in ("pass", "fill-left", "fill-right"):
        return text
    if len(text) != 4:
        raise Refused("not a move: " + text)
    return (parse_square(text[:2]), parse_square(text[2:]))


class Position:
    """One KFEN (rules.md §6): towers, side to move, the tower to move, and the match."""

    def __init__(self, towers, side, tower, match=None):
        self.towers = towers  # {(file, rank): (side, colour, rank)}
        self.side = side      # "b" or "g"
        self.tower = tower    # a colour letter, None on a free move (T1), "*" between rounds
        self.match = match    # None for a single round, else (target, black points, gold points)

    @staticmethod
    def parse(kfen):
        fields = kfen.split()
        if len(fields) not in (3, 4) or fields[1] not in ("b", "g"):
            raise Refused("not a KFEN: " + kfen)
        rows, towers = fields[0].split("/"), {}
        if len(rows) != 8:
            raise Refused("a KFEN board has 8 ranks: " + kfen)
        for i, row in enumerate(rows):
            rank, file, j = 7 - i, 0, 0
            while j < len(row):
                if row[j].isdigit():
                    file, j = file + int(row[j]), j + 1
                    continue
                if row[j].upper() not in COLOURS:
                    raise Refused("not a tower letter: " + row[j])
                rings = 0
                while j + 1 + rings < len(row) and row[j + 1 + rings] == "+":
                    rings += 1
                towers[(file, rank)] = ("b" if row[j].isupper() else "g", row[j].upper(), rings)
                file, j = file + 1, j + 1 + rings
        tower = {"-": None, "*": "*"}.get(fields[2], fields[2].upper())
        match = None
        if len(fields) == 4:
            numbers = re.fullmatch(r"(\d+):(\d+)-(\d+)", fields[3])
            if not numbers:
                raise Refused("not a match field (target:black-gold): " + fields[3])
            match = tuple(int(n) for n in numbers.groups())
        return Position(towers, fields[1], tower, match)

    def kfen(self):
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                t = self.towers.get((file, rank))
                if t is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + (t[1] if t[0] == "b" else t[1].lower()) + "+" * t[2]
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        tower = "-" if self.tower is None else "*" if self.tower == "*" else (self.tower if self.side == "b" else self.tower.lower())
        text = "/".join(rows) + " " + self.side + " " + tower
        return text + (" %d:%d-%d" % self.match if self.match else "")

    def find(self, side, colour):
        for square, t in self.towers.items():
            if t[0] == side and t[1] == colour:
                return square
        return None


def serve(engine, name, features=None, lines=sys.stdin, out=sys.stdout):
    """Answers the protocol's requests (docs/conformance.md) with `engine` until 'quit'."""
    hello = "kamisado-protocol 1 " + name + (" features " + " ".join(features) if features else "")
    for line in lines:
        words = line.split()
        if not words:
            reply = "error empty request"
        elif words[0] == "quit":
            return
        else:
            try:
                if words[0] == "hello":
                    reply = hello
                elif words[0] == "position":
                    engine.set_position(Position.parse(" ".join(words[1:])))
                    reply = "ok"
                elif words[0] == "moves":
                    reply = " ".join(["moves"] + list(engine.moves()))
                elif words[0] == "play" and len(words) == 2:
                    reply = "position " + engine.play(words[1]).kfen()
                elif words[0] == "status":
                    reply = "status " + engine.status()
                else:
                    reply = "error unknown request " + words[0][:40]
            except Refused as e:
                reply = "error " + (str(e) or "refused")
            except Exception as e:  # the engine's own fault: named in the reply, and the loop goes on
                traceback.print_exc(file=sys.stderr)
                reply = "error " + engine_fault(e)
        out.write(reply + "\n")
        out.flush()
