"""kamisado.testing: the conformance harness against an engine object, in-process, from pytest
(issue 48). The engine is the fixture engine of the harness's own tests (tests/fixtures/
kamisado_engine.py, a plain reading of rules.md with planted faults), here called as objects
instead of over the line protocol: the verdicts and rule labels must be `kamisado conform`'s.
Also: the module agrees with every case of the conformance corpus the CLI writes.
"""

import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest

import kamisado
from kamisado.testing import assert_conforms, check_conformance

CLI = os.environ["KAMISADO"]
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kamisado_engine.py"
_spec = importlib.util.spec_from_file_location("kamisado_engine", FIXTURE)
fixture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fixture)

# The options of both runs: the corpus, a walk to depth 2, 10 play-outs of standard matches.
OPTIONS = dict(depth=2, games=10, seed=1, match="standard")


class FixtureEngine:
    """A user's engine as kamisado.testing takes it: four methods and a name."""

    def __init__(self, deviation=None):
        self.name = "fixture" + ("-" + deviation if deviation else "")
        self.deviation = deviation

    def set_position(self, kfen):
        self.game = fixture.Game(self.deviation)
        self.game.load(kfen)

    def moves(self):
        return self.game.moves()

    def play(self, move):
        if not self.game.play(move):
            raise ValueError("illegal move " + move)
        return self.game.kfen()

    def status(self):
        return self.game.status()


def cli_conform(deviation=None):
    command = f"python3 {FIXTURE}" + (f" --deviation {deviation}" if deviation else "")
    r = subprocess.run([CLI, "conform", "--engine", command, "--depth", "2", "--random", "10", "--seed", "1", "--match", "standard", "--json"],
                       capture_output=True, text=True)
    assert r.returncode in (0, 3), r.stderr
    return json.loads(r.stdout)


def test_the_correct_engine_conforms_as_over_the_protocol():
    report = assert_conforms(FixtureEngine(), **OPTIONS)
    cli = cli_conform()
    assert report.verdict == cli["verdict"]  # the same name, positions and play-outs
    assert report.json["sources"] == cli["sources"]
    assert report.verdict in report.text


# Planted faults, each named by its one rule, as `kamisado conform` names it: after a Sumo's push
# the opponent moves (S4: the pusher moves again); a forced pass names the tower of the last real
# move's square (M6); after regrouping the Defender moves first (F1: the Challenger does).
@pytest.mark.parametrize("deviation,rule", [("no-extra-turn", "S4"), ("pass-colour", "M6"), ("winner-starts", "F1")])
def test_a_planted_fault_fails_with_its_rule(deviation, rule):
    report = check_conformance(FixtureEngine(deviation), **OPTIONS)
    assert not report.conforms
    assert report.rules == [rule]
    cli = cli_conform(deviation)
    assert [d["rule"] for d in cli["deviations"]] == [rule]
    assert report.json["deviations"][0]["count"] == cli["deviations"][0]["count"]
    assert report.json["deviations"][0]["smallest"] == cli["deviations"][0]["smallest"]
    with pytest.raises(AssertionError, match=f"DIFFERS from rules.md on {rule} "):
        assert_conforms(FixtureEngine(deviation), **OPTIONS)
    # Allowed, it conforms "except" that rule.
    allowed = check_conformance(FixtureEngine(deviation), allow=[rule], **OPTIONS)
    assert allowed.conforms and f"conforms to rules.md except {rule} (" in allowed.verdict


def test_an_engine_that_answers_the_wrong_type_fails_and_one_that_raises_refuses():
    class NoKfen(FixtureEngine):
        def play(self, move):
            super().play(move)
            return None

    report = check_conformance(NoKfen(), **OPTIONS)
    assert report.failure == "play() should return the KFEN after the move, a str, got NoneType"
    assert not report.conforms

    class NoList(FixtureEngine):
        def moves(self):
            return " ".join(super().moves())

    assert check_conformance(NoList(), **OPTIONS).failure == "moves() should return the legal moves, an iterable of str, got str"

    class BlackOnly(FixtureEngine):
        def set_position(self, kfen):
            if kfen.split()[1] == "g":
                raise NotImplementedError("this engine plays Black only")
            super().set_position(kfen)

    report = check_conformance(BlackOnly(), **OPTIONS)
    assert "refused" in report.rules
    theirs = [d["smallest"]["theirs"] for d in report.json["deviations"] if d["rule"] == "refused"][0]
    assert theirs == "error set_position raised NotImplementedError: this engine plays Black only"


def test_features_are_checked_and_what_is_left_out_is_said():
    class SingleRounds(FixtureEngine):
        features = ["single-round"]

    report = check_conformance(SingleRounds(), depth=1, games=2)
    assert report.conforms and report.json["features"] == ["single-round"]

    class AsInHello(FixtureEngine):
        features = "single-round sumo"  # one str of words, as the protocol's hello gives them

    assert check_conformance(AsInHello(), depth=1, games=2).json["features"] == ["single-round", "sumo"]
    assert report.json["not_checked"], "rounds with Sumos and matches are said not to be checked"

    class Typo(FixtureEngine):
        features = ["single_round"]

    report = check_conformance(Typo(), depth=1, games=2)
    assert report.failure == "fixture.features declares the unknown feature 'single_round' (the features are single-round, sumo and match)"


def test_bad_options_raise_the_clis_message():
    with pytest.raises(kamisado.InputError, match="^allow: 'M99' is not a rule ID of rules.md"):
        check_conformance(FixtureEngine(), allow=["M99"])
    with pytest.raises(kamisado.InputError, match="match"):
        check_conformance(FixtureEngine(), match="forever")


def _cli_corpus():
    out = subprocess.run([CLI, "corpus"], capture_output=True, text=True)
    return json.loads(out.stdout)["cases"] if out.returncode == 0 else []


CORPUS = _cli_corpus()


def test_the_modules_corpus_is_the_clis():
    assert CORPUS and kamisado.conformance_corpus()["cases"] == CORPUS


@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
def test_the_module_agrees_with_each_corpus_case(case):
    p = kamisado.Position(case["kfen"]).play_all(case["setup"])
    assert p.kfen == case["position"]
    assert p.protocol_status == case["status"]
    assert sorted(p.moves()) == case["moves"]
    for move, after in case["after"].items():
        q = p.play(move)
        assert (q.kfen, q.protocol_status) == (after["kfen"], after["status"])
