"""Check a Kamisado engine written in Python against rules.md, from your own tests (pytest).

The conformance harness of `kamisado conform` runs against your engine object in-process: no
child process and no line protocol, but the same requests, comparisons, rule labels and
verdict. Your engine is any object with these methods (its state is the position last set up):

    set_position(kfen: str) -> None     the position, in KFEN (rules.md section 6)
    moves() -> Iterable[str]            the legal moves there, in any order ("c1c4", "pass", ...)
    play(move: str) -> str              plays it; returns the KFEN after it
    status() -> str                     "ongoing", "between-rounds", "won black home-row",
                                        "won gold deadlock", "match-won black", ...

and, optionally, `name` (a str) and `features` (what it plays: any of "single-round", "sumo",
"match", a list or one str of words; without it, everything). Raising an exception refuses a request (a disagreement,
labelled "refused" or with the rule the refused move shows); returning the wrong type is a
failure. Ctrl-C stops the check.

    from kamisado.testing import assert_conforms

    def test_my_engine_follows_the_rules():
        assert_conforms(MyEngine(), games=50, match="standard")
"""

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

from ._kamisado import _check_conformance


@dataclass(frozen=True)
class ConformanceReport:
    json: dict[str, Any]  # as `kamisado conform --json` gives it
    text: str  # as `kamisado conform` prints it

    @property
    def conforms(self) -> bool:
        """No failure, and every deviation allowed."""
        return bool(self.json["conforms"])

    @property
    def verdict(self) -> str:
        """One line an author can cite: "MyEngine conforms to rules.md (N positions checked, M play-outs)"."""
        return str(self.json["verdict"])

    @property
    def rules(self) -> list[str]:
        """The rule IDs it deviates from (allowed or not), in rules.md order."""
        return [d["rule"] for d in self.json["deviations"]]

    @property
    def failure(self) -> Optional[str]:
        """Why the check could not go on (a reply of the wrong type, unknown features), if it failed."""
        return self.json.get("failure")


def check_conformance(
    engine: Any,
    depth: int = 2,
    games: int = 20,
    seed: int = 1,
    match: Optional[str] = None,
    allow: Iterable[str] = (),
    corpus: Optional[str] = None,
) -> ConformanceReport:
    """Compares `engine` with kamisado-lab, as `kamisado conform` does.

    The conformance corpus (the built-in one, or the file `corpus`), every position to `depth`
    plies from the set-up and from built-in Sumo and match positions, and `games` seeded random
    play-outs: single rounds, or matches to `match` ("standard", "long", "marathon" or a number
    of points, P3). `allow` lists rule IDs the author knows the engine deviates from.
    Raises kamisado.InputError for bad options, as the command line's one line.
    """
    allowed: Sequence[str] = [allow] if isinstance(allow, str) else list(allow)
    report, text = _check_conformance(engine, depth, games, seed, match or "", allowed, corpus or "")
    return ConformanceReport(report, text)


def assert_conforms(engine: Any, **options: Any) -> ConformanceReport:
    """check_conformance, failing the test with the whole report (each deviation, its rule and its
    smallest reproduction) unless the engine conforms."""
    report = check_conformance(engine, **options)
    if not report.conforms:
        raise AssertionError(report.verdict + "\n" + report.text)
    return report
