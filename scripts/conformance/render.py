"""Renders reports/conformance.md from the runs of scripts/conformance-map.sh (its folder of
kamisado conform --json outputs, probes, commits), with what we read in each engine's code."""
import json
import sys
import datetime

work, random, ours = sys.argv[1], sys.argv[2], sys.argv[3]
names = sys.argv[4:]

# What each engine's own code does where it deviates: read in the file named, and shown without
# the adapter by the probe (scripts/conformance/*_probe.*). A deviation found without a note here
# is printed as unexplained, to be looked at before anyone is blamed.
NOTES = {
    "qlurkin": {
        "about": "The rules of a student tournament (`games/kamisado/game.py`): single rounds from random "
                 "set-ups, no Sumos. The module only checks a move; the adapter asks it about every square "
                 "for every tower that may move, and takes what it accepts as its legal moves.",
        "M1": "Gold (their `light` towers) may move backwards. The test `if progress > 0 == "
              "DIRECTION_POSITIVE[...]` is a chained comparison in Python, `progress > 0 and 0 == "
              "DIRECTION_POSITIVE[...]`; for `light` (True) it is never true, so no backward move of "
              "Gold is refused. Black's are. The probe calls their `next()` with a Gold tower stepping "
              "back one row: it is accepted.",
    },
    "pearnagar": {
        "about": "A React Native app's rules (`src/engine/`: `makeMove`, `handleDeadlock`, `getLegalMoves`): "
                 "single rounds on the 8x8 board (its Match mode scores 1 a round and restarts from the set-up, "
                 "with no rings or regrouping, so it is not Kamisado's match and is not checked). Its forced "
                 "pass is folded into the move before it; the adapter shows it as the protocol's `pass`.",
        "M8": "A real deadlock is called a draw. `handleDeadlock` passes for the blocked player and, when "
              "the mover's tower named by that pass is blocked too (`Double-forfeit`), returns "
              "`GameStatus.Draw`; M8 makes the mover lose. The probe plays the corpus case \"deadlock of "
              "two towers\" with their `makeMove`: `DRAW`.",
        "M9": "A chain of passes that is no deadlock is cut short as a draw by the same `Double-forfeit` "
              "branch after two passes, where rules.md plays it out (M9): the third tower could move.",
    },
    "dset": {
        "about": "The engine of a bachelor thesis's Kamisado agent (`Kamisado/*.cs`: `GameState`, `Piece`, "
                 "`SumoPushMove`, `GenerateNextRound`): single rounds, Sumos and matches. The adapter plays "
                 "their forced \"dazed\" move of the pushed player at once (their S4), and keeps their score "
                 "(2^Sumoness) and match end. It cannot set up a position between rounds after a deadlock "
                 "from its KFEN alone (their regrouping reads the round's last move, which a KFEN does not "
                 "hold); the harness sets such a position up by the move that ended the round, which their own "
                 "code then regroups from.",
        "unreachable": "A push is offered on a free move, in the corpus case no game reaches. "
                       "`GenerateNextMoves` gives every tower's `GetPossibleMoves`, pushes included, when no "
                       "tower is designated; S5 allows no push on the free first move. In their own games, as "
                       "in any game by the rules, a free move comes only from the home row after regrouping, "
                       "where no opponent tower stands in front, so it is not counted. The probe builds that "
                       "position in their `GameState`: its moves hold a `SumoPushMove`.",
    },
    "niklavsm": {
        "about": "A Java Swing game (Strathclyde CS207, 2016; `src/model/`: `State`, `Board`, `PieceType`, "
                 "`GameDriver`): matches with Sumos, pushes, scores and regrouping. The adapter plays each real "
                 "move with their `State.make()` and asks their `GameDriver.playTurn()` (on a copy) whether and "
                 "how the round ended; their `nextTurn()` skips a blocked tower, which the adapter shows as the "
                 "protocol's `pass`, played as `nextTurn()` plays it; between rounds their regrouping "
                 "constructor of `State` fills. Their game is always a match: a single round is shown as one "
                 "without its score and the ring its win gives.",
        "M8": "A deadlock made by a push is won by the pusher. `State.make()` keeps the turn with the pusher "
              "(S4) by flipping the player to move once more; `GameDriver.nextTurn()` then counts seven "
              "blocked towers in a row, flipping the player at each, and `playTurn()` promotes and scores the "
              "tower of the player it ends on, which after that extra flip is the pusher. M8 makes the "
              "player whose real move caused the deadlock lose. An ordinary move's deadlock is scored right. "
              "(Their rank-4 tower cannot move, `QuadrupleSumo` range 0, where S1 gives it 1; no game reaches "
              "it, the match being won by then: P3.)",
        "unreachable": "Their round's first move may be made only with a tower on the home row "
                       "(`GameDriver.playerFirstMove`), as in every game by the rules; the corpus case built "
                       "with a tower off it differs, and is not counted.",
    },
    "danielkitachewsky": {
        "about": "A Java rules module (`src/kamisado/Position.java`, `Board.java`; its first commit calls it "
                 "\"WIP Kamisado board representation\"): single rounds without Sumos. `GenerateLegalMoves()` "
                 "returns the positions after each move, a forced pass included; the adapter names each by the "
                 "squares it changes. Their position has no setter for the side and colour to move: the adapter "
                 "writes a KFEN's into its private fields by reflection.",
        "T2": "The next tower is the moved tower's colour, not the colour of the square it reached. `MakeMove` "
              "sets `colorToPlay = ColorOf(currentPiece)`. The probe plays a1-a2 from their start: their "
              "successors move Gold's Brown (the moved tower's colour) where T2 names the Purple square's.",
        "M6": "After a forced pass the opponent moves his tower of the blocked tower's own colour, not of the "
              "colour of the square it stands on. `GenerateLegalMoves` passes with `colorToPlay = newColor`, "
              "where `newColor` is `ColorAt` of the blocked tower, the colour of the piece there.",
    },
}


ADAPTERS = {"qlurkin": "qlurkin_adapter.py", "pearnagar": "pearnagar_adapter.ts", "dset": "dset_adapter.cs",
            "niklavsm": "NiklavsmAdapter.java", "danielkitachewsky": "DanielkitachewskyAdapter.java"}


def probe_lines(text):
    """The probe's lines by the rule each is tagged with ("M8: ..."); untagged lines under ""."""
    out = {}
    for line in text.splitlines():
        tag, sep, rest = line.partition(": ")
        if sep and (tag == "unreachable" or (len(tag) == 2 and tag[0] in "TMSPF" and tag[1].isdigit())):
            out.setdefault(tag, []).append(rest)
        else:
            out.setdefault("", []).append(line)
    return out


def repro(d):
    lines = ["    from " + d["kfen"]]
    if d["moves"]:
        lines.append("    play " + " ".join(d["moves"]))
    lines.append("    then '" + d["request"] + "'")
    if d["request"] == "moves" and (d.get("missing") or d.get("extra")):
        if d.get("missing"):
            lines.append("    missing: " + " ".join(d["missing"]))
        if d.get("extra"):
            lines.append("    extra:   " + " ".join(d["extra"]))
    else:
        lines += ["    ours:    " + d["ours"], "    theirs:  " + d["theirs"]]
    return "\n".join(lines)


runs = {}
for n in names:
    runs[n] = {
        "plain": json.load(open(f"{work}/{n}.json")),
        "allowed": json.load(open(f"{work}/{n}.allowed.json")),
        "commit": open(f"{work}/{n}.commit").read().strip(),
        "meta": open(f"{work}/{n}.meta").read().splitlines(),
        "probe": open(f"{work}/{n}.probe").read().strip(),
    }

print("# Conformance map: public Kamisado engines against rules.md\n")
print(f"Generated by `scripts/conformance-map.sh` on {datetime.date.today()} (kamisado-lab {ours}), from local "
      "clones of each engine. Each engine is spoken to through an adapter of ours "
      "(`src/conform/adapters/`), never a copy of its code, and checked by `kamisado conform` "
      f"(docs/conformance.md): the built-in corpus, a walk to depth 2 from the start and from the built-in "
      f"roots of each context it plays, and {random} seeded play-outs (seed 1; matches where it plays them).\n")
print("| engine | language | commit | plays | verdict |")
print("|---|---|---|---|---|")
for n, r in runs.items():
    features = " ".join(r["plain"]["features"]) or "everything"
    print(f"| [{r['meta'][0]}](https://github.com/{r['meta'][0]}) | {r['meta'][1]} | `{r['commit'][:10]}` | {features} | "
          f"{r['allowed']['verdict']} |")
print("\nThe verdict is the line `kamisado conform --allow <its deviations>` prints; without `--allow` "
      "each run exits 3.\n")

for n, r in runs.items():
    p, notes = r["plain"], NOTES.get(n, {})
    print(f"## {r['meta'][0]}\n")
    print(f"Commit `{r['commit']}`. Adapter: `src/conform/adapters/{ADAPTERS[n]}`.\n")
    print(notes.get("about", "") + "\n")
    print(f"- verdict: {p['verdict']}")
    print(f"- positions compared: {p['positions']}; requests: {sum(s['requests'] for s in p['sources'])}")
    for c in p["rules"]:
        if not c["played"]:
            print(f"- {c['context']}: not checked (the adapter does not declare it)")
        else:
            left = "; fewer than 3 times: " + " ".join(c["thin"]) if c.get("thin") else ""
            left += "; not reached: " + " ".join(c["not_checked"]) if c["not_checked"] else ""
            # each rule with the comparisons that exercised it (conform --json "times"), so a thin cell shows
            checked = ", ".join(f"{rule} ×{c['times'][rule]}" for rule in c["checked"])
            print(f"- {c['context']}: rules checked {checked}{left}")
    for t in p["not_checked"]:
        print(f"- not checked: {t}")
    print()
    probes = probe_lines(r["probe"])
    if not p["deviations"]:
        print("No deviation.\n")
    for d in p["deviations"]:
        print(f"### {d['rule']}: {d['count']} time(s), in {len(d['sources'])} source(s)\n")
        print(notes.get(d["rule"], "**Unexplained**: look at the adapter before blaming the engine.") + "\n")
        print("Smallest reproduction (" + d["smallest"]["source"] + "):\n")
        print("```\n" + repro(d["smallest"]).replace("    ", "", 1).replace("\n    ", "\n") + "\n```\n")
        # Is the adapter the cause? The probe calls the engine's own code, without it.
        if d["rule"] == "refused":
            pass  # a position the adapter could not set up: its note says why, there is no rule to probe
        elif d["rule"] in probes:
            print("The engine's own code, without the adapter (its probe):\n")
            print("```\n" + "\n".join(probes[d["rule"]]) + "\n```\n")
        else:
            print("**No probe** shows this rule in the engine's own code yet.\n")
    if p.get("unreachable"):
        print("### Positions no game reaches: compared, not counted\n")
        for u in p["unreachable"]:
            found = ", ".join(d["rule"] for d in u["disagreements"])
            print(f"- {u['source']} ({u['why']}): " + (f"differs ({found})" if found else "no difference"))
        print()
        if "unreachable" in notes:
            print(notes["unreachable"] + "\n")
        if "unreachable" in probes:
            print("```\n" + "\n".join(probes["unreachable"]) + "\n```\n")
    if "" in probes:
        print("Probe output without a rule:\n\n```\n" + "\n".join(probes[""]) + "\n```\n")
