"""The Python module (import kamisado) against the command line it shares its libraries with:
perft (rules.md section 7), the legal moves and play (M1-M9, S1-S5), the solver's values and
distances, the proof checker, the puzzle solver, and errors with the CLI's one line.

Run by ctest (python_module): KAMISADO is the CLI binary, PYTHONPATH holds the built package.
"""

import ctypes
import json
import os
import random
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

import kamisado

CLI = os.environ["KAMISADO"]
ROOT = Path(__file__).resolve().parents[2]
# A match position with Sumos (S1-S5: pushes) and a score (P3), between rounds: Black, the
# Defender, chooses how to regroup (F1-F4: rules.md's worked example).
SUMO_MATCH = "o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0"
LATE = "o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O"


def cli(*args, check=True):
    r = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check:
        assert r.returncode == 0, r.stderr
    return r


def cli_json(*args):
    return json.loads(cli(*args, "--json").stdout)


def test_perft_from_the_set_up_matches_rules_md_section_7():
    counts = [kamisado.perft(kamisado.Position(), d) for d in range(1, 6)]
    assert counts == [102, 1150, 11182, 105078, 902410]


def test_perft_and_divide_agree_with_the_cli_on_a_sumo_rich_match_position():
    p = kamisado.Position(SUMO_MATCH)
    for depth in range(1, 6):
        assert kamisado.perft(p, depth) == cli_json("perft", str(depth), "--kfen", p.kfen)["nodes"]
    theirs = cli_json("perft", "3", "--kfen", p.kfen, "--divide")["divide"]
    assert kamisado.divide(p, 3) == theirs


def test_moves_and_play_agree_with_the_cli_along_random_games():
    rng = random.Random(7)
    for start in [kamisado.START, kamisado.START + " 15:0-0"]:
        p = kamisado.Position(start)
        for _ in range(40):
            ours = p.moves()
            theirs = [m["move"] for m in cli_json("moves", p.kfen)["moves"]]
            assert sorted(ours) == sorted(theirs), p.kfen
            if not ours:
                break
            move = rng.choice(ours)
            after = p.play(move)
            assert after.kfen == cli_json("play", "--kfen", p.kfen, "--moves", move)["kfen"]
            p = after


def test_status_names_the_winner_and_how():
    # M7: Black's Brown has reached a8.
    p = kamisado.Position("Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o")
    assert p.is_over and p.round_winner == "black"
    assert p.status() == cli_json("show", p.kfen)["status"]
    assert p.moves() == []


@pytest.mark.parametrize(
    "args",
    [
        ("show", "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -"),
        ("show", "obpkyrgn/8/8/8\n/8/8/8/NGRYKPBO b -"),
        ("show", "obpkyrgn/8/8/8/8/8/8/NGRYKPBO"),
    ],
)
def test_bad_kfen_raises_the_clis_message(args):
    with pytest.raises(kamisado.InputError) as raised:
        kamisado.Position(args[1])
    err = cli(*args, check=False)
    assert err.returncode == 2
    assert err.stderr == f"kamisado: error: {raised.value}\n"


def test_an_illegal_move_raises_the_clis_message():
    with pytest.raises(kamisado.InputError) as raised:
        kamisado.Position().play("h1h8")  # M1: Gold's Orange stands on h8
    err = cli("play", "--moves", "h1h8", check=False)
    assert err.returncode == 2 and err.stderr == f"kamisado: error: {raised.value}\n"
    assert isinstance(raised.value, ValueError)


def test_solve_the_set_up_black_wins_in_17_plies():
    a = kamisado.solve(kamisado.Position())
    b = cli_json("solve", kamisado.START)
    assert a["value"] == b["value"] == "win" and a["winner"] == "black"
    assert a["distance"] == b["distance"] and a["distance"]["plies"] == 17
    assert a["best"] == b["best"]


def test_solve_agrees_with_the_solver_suite_on_a_sample():
    suite = json.loads((ROOT / "tests/data/solver_suite.json").read_text())["positions"]
    for case in random.Random(3).sample(suite, 8):
        a = kamisado.solve(kamisado.Position(case["kfen"]))
        assert a["value"] == case["value"], case["kfen"]
        assert a["distance"]["plies"] == case["plies"] and a["winner"] == case["winner"], case["kfen"]


def test_a_budget_leaves_the_value_unknown_and_the_gil_free():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    a = kamisado.solve(kamisado.Position(kamisado.START + " 3:0-0"), goal="match", nodes=200000)
    stop.set()
    t.join()
    assert a["value"] == "unknown"
    assert len(ticks) > 1  # the other thread ran during the search


class _Sigaction(ctypes.Structure):  # glibc's struct sigaction on Linux
    _fields_ = [("handler", ctypes.c_void_p), ("mask", ctypes.c_ulong * 16), ("flags", ctypes.c_int), ("restorer", ctypes.c_void_p)]


def sigint_action():
    """SIGINT's action as the C library holds it: the handler and the flags (SA_RESTART or not)."""
    a = _Sigaction()
    assert ctypes.CDLL(None).sigaction(signal.SIGINT, None, ctypes.byref(a)) == 0
    return a.handler, a.flags


def test_ctrl_c_stops_a_search_with_keyboard_interrupt():
    # The match from SUMO_MATCH is not proved in a minute: Ctrl-C (SIGINT to the process, after
    # 0.3 s) must end the search at once with KeyboardInterrupt, and give Python its handler back.
    python_s = sigint_action()
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        kamisado.solve(kamisado.Position(SUMO_MATCH), goal="match", seconds=60)
    timer.join()
    assert time.monotonic() - started < 30
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert sigint_action() == python_s  # flags too: Python's reads still return at Ctrl-C
    assert kamisado.solve(kamisado.Position())["value"] == "win"  # and the next search runs
    assert sigint_action() == python_s


def test_a_goal_the_position_cannot_be_asked_raises():
    with pytest.raises(kamisado.InputError, match="needs a match position"):
        kamisado.solve(kamisado.Position(), goal="match")


def test_check_proof_agrees_with_the_cli(tmp_path):
    proof = tmp_path / "start.proof"
    cli("solve", kamisado.START, "--proof", str(proof))
    ours = kamisado.check_proof(str(proof))
    assert ours["holds"] and ours == cli_json("check-proof", str(proof))
    proof.write_text(proof.read_text().replace(" win ", " loss ", 1))
    with pytest.raises(kamisado.InputError) as raised:
        kamisado.check_proof(str(tmp_path / "missing.proof"))
    assert "missing.proof" in str(raised.value)


def test_solve_puzzle_agrees_with_the_cli():
    ours = kamisado.solve_puzzle(kamisado.Position(LATE))
    theirs = cli_json("puzzles", "solve", LATE)
    drop = lambda d: {k: v for k, v in d.items() if k not in ("seconds", "nodes")}
    assert drop(ours) == drop(theirs)
    assert ours["puzzle"] and ours["n"] == 2


def test_match_targets_by_name():
    assert [kamisado.match_target(n) for n in ("standard", "long", "marathon", "9")] == [3, 7, 15, 9]
    with pytest.raises(kamisado.InputError, match="from 1 to 15"):
        kamisado.match_target("16")


def test_a_position_is_a_value_with_a_picture():
    p = kamisado.Position()
    assert p == kamisado.Position(kamisado.START) and hash(p) == hash(kamisado.Position())
    assert p.play("a1a2") != p and p.kfen == kamisado.START
    assert repr(p) == f"Position('{kamisado.START}')"
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


# Issue 67 (the fourth outside audit): every numeric argument out of range is the package's own
# one-line InputError, never a segfault, a silent one-bucket table or a wrapped number.
@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: kamisado.solve(kamisado.Position(), hash_mb=2**64 - 1), "hash_mb must be a whole number from 1 to 65536"),
        (lambda: kamisado.solve(kamisado.Position(), hash_mb=2**44), "hash_mb must be a whole number from 1 to 65536"),
        (lambda: kamisado.solve(kamisado.Position(), hash_mb=0), "hash_mb"),
        (lambda: kamisado.solve_puzzle(kamisado.Position(LATE), hash_mb=2**64 - 1), "hash_mb"),
        (lambda: kamisado.solve(kamisado.Position(), seconds=float("nan")), "seconds must be a number of seconds"),
        (lambda: kamisado.solve(kamisado.Position(), seconds=-1.0), "seconds"),
        (lambda: kamisado.solve(kamisado.Position(), seconds=float("inf")), "seconds"),
        (lambda: kamisado.solve(kamisado.Position(), nodes=-1), "nodes"),
        (lambda: kamisado.solve(kamisado.Position(), nodes=2**64), "nodes"),
        (lambda: kamisado.perft(kamisado.Position(), 2**32 + 2), "perft depth must be a whole number from 0 to 30"),
        (lambda: kamisado.perft(kamisado.Position(), 2.9), "perft depth"),
        (lambda: kamisado.divide(kamisado.Position(), 0), "divide depth"),
        (lambda: kamisado.check_proof("x.proof", threads=0), "threads"),
    ],
)
def test_numbers_out_of_range_are_one_line_input_errors(call, match):
    with pytest.raises(kamisado.InputError, match=match) as e:
        call()
    assert "\n" not in str(e.value)


def test_a_seeded_fuzz_of_the_arguments_raises_only_the_packages_errors():
    # Every function with numbers, given values of every kind: each call answers or raises
    # InputError (or TypeError for a value of no kind the function takes); the process lives.
    rng = random.Random(67)
    values = [0, 1, 2, -1, 2**31 - 1, 2**32 + 2, 2**63, 2**64 - 1, 2**64, 2**70, 0.5, 2.9, -0.0, float("nan"), float("inf"), True, None, "3", [], 1e300]
    p = kamisado.Position(LATE)
    calls = [
        lambda v: kamisado.perft(p, v),
        lambda v: kamisado.divide(p, v),
        lambda v: kamisado.solve(p, nodes=v, seconds=0.2),
        lambda v: kamisado.solve(p, seconds=v, nodes=2000),
        lambda v: kamisado.solve(p, hash_mb=v, nodes=2000),
        lambda v: kamisado.solve_puzzle(p, hash_mb=v, seconds=0.2),
        lambda v: kamisado.check_proof("missing.proof", threads=v),
    ]
    for _ in range(300):
        call, v = rng.choice(calls), rng.choice(values)
        if call is calls[0] and isinstance(v, int) and 6 < v <= 30:
            continue  # a real count that would take long
        try:
            call(v)
        except (kamisado.InputError, TypeError) as e:
            assert "\n" not in str(e) or isinstance(e, TypeError)


def test_ctrl_c_stops_perft_and_divide_within_a_second():
    for count in (kamisado.perft, kamisado.divide):
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            count(kamisado.Position(), 12)  # hours of counting
        timer.join()
        assert time.monotonic() - started < 5  # within a second of the signal here; room for a slow machine
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert kamisado.perft(kamisado.Position(), 2) == 1150


def test_a_position_equals_no_other_kind_of_value_and_play_all_takes_one_string():
    p = kamisado.Position()
    assert (p == None) is False and (p != None) is True and p != kamisado.START  # noqa: E711
    assert p.play_all("a1a5 d8d5") == p.play_all(["a1a5", "d8d5"])


def test_a_retrograde_table_is_probed_where_it_lies_as_the_cli_probes_it(tmp_path):
    table = tmp_path / "late.retro"
    root = "o2ky1gn/N3K2O/8/8/8/5r2/1bp5/1GRY1PB1 b Y"
    cli("retro", "build", root, "-o", str(table))
    t = kamisado.RetroTable(str(table))
    assert t.root == root and len(t) == cli_json("retro", "stats", str(table))["positions"]
    p = kamisado.Position(root)
    probed = 0
    while not p.is_over:  # along a line of optimal moves to the round's end: each answer the CLI's
        ours = t.probe(p)
        assert ours == cli_json("retro", "probe", str(table), p.kfen)
        probed += 1
        p = p.play(ours["optimal_moves"][0])
    assert probed == cli_json("retro", "probe", str(table), root)["distance"]
    assert t.probe(kamisado.Position()) is None  # not reachable from its root
    with pytest.raises(kamisado.InputError, match="bad magic"):
        kamisado.RetroTable(str(Path(__file__)))
