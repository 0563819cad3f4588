import sys
sys.path.insert(0, sys.argv[1])
from games import game as base
from games.kamisado import game as kamisado
state, next_state = kamisado.kamisado(["black", "gold"])
# Their board, every tower on the square of its own colour of its home row (row 7 dark, row 0
# light), then the light pink tower three rows forward, to move.
board = [[[colour, None] for colour in row] for row in kamisado.BOARD]
for c in range(8):
    board[7][c][1] = [kamisado.BOARD[7][c], "dark"]
    board[0][c][1] = [kamisado.BOARD[0][c], "light"]
board[3][3][1], board[0][3][1] = board[0][3][1], None
state = {"players": ["black", "gold"], "current": 1, "color": "pink", "board": board}
try:
    after = next_state(state, [[3, 3], [2, 3]])  # one row back, towards its own home row 0
    print("M1: next(state, [[3, 3], [2, 3]]) accepted: the light pink tower went back from row 3 to row 2")
except base.BadMove as e:
    print("M1: next(state, [[3, 3], [2, 3]]) refused:", e)
