#!/usr/bin/env python3
"""The Python adapter kit (src/conform/adapters/kamisado_protocol.py) around a rules module: the
fixture engine's Game (tests/fixtures/kamisado_engine.py) as the module, so that `kamisado
conform` checks the kit's KFEN, move names and request loop on every position it compares."""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "src", "conform", "adapters"))
sys.path.insert(0, os.path.join(here, "..", "fixtures"))
import kamisado_protocol as kp  # noqa: E402
from kamisado_engine import Game  # noqa: E402


class Engine:
    def set_position(self, pos):
        self.game = Game(None)
        self.game.load(pos.kfen())

    def moves(self):
        return self.game.moves()

    def play(self, move):
        kp.parse_move(move)  # refuses what is not a move at all
        if not self.game.play(move):
            raise kp.Refused("illegal move " + move)
        return kp.Position.parse(self.game.kfen())

    def status(self):
        return self.game.status()


kp.serve(Engine(), name="kit-python", features=["single-round", "sumo", "match"])
