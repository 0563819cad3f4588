"""Adapter: qlurkin/PI2CChampionshipRunner's games/kamisado/game.py (a student tournament's rules)
behind the kamisado line protocol, through kamisado_protocol.py. An example of wrapping a rules
module that only checks moves: its legal moves are found by asking it about every square.

    python3 qlurkin_adapter.py CLONE      (CLONE: a checkout of PI2CChampionshipRunner)

Their model: BOARD[row][col] with row 0 = rank 8; "dark" towers start on row 7 and move first
(Black), "light" ones on row 0 (Gold); state = {"players", "current": 0 dark | 1 light, "color":
the colour to move or None, "board": [[square colour, [tower colour, kind] or None]]}. A pass is
a move from a square to itself. next(state, move) returns the next state or raises BadMove or
GameWin (home row or deadlock, with the winner). Single rounds, no Sumos: features single-round.
"""
import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kamisado_protocol as kp  # noqa: E402

sys.path.insert(0, sys.argv[1])
from games import game as base  # noqa: E402
from games.kamisado import game as kamisado  # noqa: E402

NAMES = {"N": "brown", "G": "green", "R": "red", "Y": "yellow", "K": "pink", "P": "purple", "B": "blue", "O": "orange"}
LETTERS = {v: k for k, v in NAMES.items()}
KIND = {"b": "dark", "g": "light"}
SIDE = {"dark": "b", "light": "g"}


def cell(square):  # (file, rank) -> (row, col)
    return (7 - square[1], square[0])


class Engine:
    def set_position(self, pos):
        if pos.match or any(t[2] for t in pos.towers.values()) or pos.tower == "*":
            raise kp.Refused("single rounds without Sumos only")
        board = [[[NAMES[kp.square_colour((c, 7 - r))], None] for c in range(8)] for r in range(8)]
        for square, (side, colour, _) in pos.towers.items():
            r, c = cell(square)
            board[r][c][1] = [NAMES[colour], KIND[side]]
        self.state = {"players": ["black", "gold"], "current": 0 if pos.side == "b" else 1,
                      "color": NAMES[pos.tower] if pos.tower else None, "board": board}
        self.result = None
        for square, (side, _, _) in pos.towers.items():  # a tower already home (M7)
            if square[1] == (7 if side == "b" else 0):
                self.result = ("black" if side == "b" else "gold") + " home-row"

    def position(self):
        towers = {}
        for r in range(8):
            for c in range(8):
                t = self.state["board"][r][c][1]
                if t:
                    towers[(c, 7 - r)] = (SIDE[t[1]], LETTERS[t[0]], 0)
        colour = self.state["color"]
        return kp.Position(towers, "b" if self.state["current"] == 0 else "g", LETTERS[colour] if colour else None)

    def attempt(self, move):  # their answer to a move: a state, a GameWin, or None (BadMove)
        try:
            return kamisado.kamisado(["black", "gold"])[1](copy.deepcopy(self.state), move)
        except base.GameWin as win:
            return win
        except base.BadMove:
            return None

    def candidates(self):  # every move of a tower that may move, to every square
        kind, colour = KIND[self.position().side], self.state["color"]
        for r in range(8):
            for c in range(8):
                t = self.state["board"][r][c][1]
                if t and t[1] == kind and colour in (None, t[0]):
                    for r2 in range(8):
                        for c2 in range(8):
                            yield [[r, c], [r2, c2]]

    def name(self, move):
        (r, c), (r2, c2) = move
        return "pass" if (r, c) == (r2, c2) else kp.move_name((c, 7 - r), (c2, 7 - r2))

    def moves(self):
        if self.result:
            return []
        return sorted(self.name(m) for m in self.candidates() if self.attempt(m) is not None)

    def play(self, text):
        if self.result:
            raise kp.Refused("the round is over")
        for m in self.candidates():
            if self.name(m) == text:
                answer = self.attempt(m)
                if answer is None:
                    break
                if isinstance(answer, base.GameWin):
                    how = "deadlock" if "Deadlock" in str(answer) else "home-row"
                    self.state, self.result = answer.state, ("black" if answer.winner == 0 else "gold") + " " + how
                    # Their last state keeps the winner of a home-row win to move; a KFEN after
                    # any move names the opponent and the colour of the square moved to (§6).
                    (r, c) = m[1]
                    mover = self.state["current"] if how == "home-row" else 1 - answer.winner
                    self.state["current"], self.state["color"] = 1 - mover, self.state["board"][r][c][0]
                else:
                    self.state = answer
                return self.position()
        raise kp.Refused("illegal move " + text)

    def status(self):
        return "won " + self.result if self.result else "ongoing"


kp.serve(Engine(), name="qlurkin-PI2CChampionshipRunner", features=["single-round"])
