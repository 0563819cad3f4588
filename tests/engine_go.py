#!/usr/bin/env python3
"""`kamisado engine` searches (issue 31): `go` answers info lines and a bestmove whose value and
distance are those of `kamisado solve`, every info line with pn and dn; `stop` ends a long search at
once with a bestmove; `isready` is answered at once; a request right after bestmove is never
refused (100 quick rounds); bad
`go` words, `stop` with no search and requests during a search are answered `error ...`; and the
engine still answers the rules requests after.

Usage: engine_go.py KAMISADO
"""
import json
import queue
import subprocess
import sys
import threading
import time

kamisado = sys.argv[1]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


engine = subprocess.Popen([kamisado, "engine", "--hash", "64"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
lines = queue.Queue()
threading.Thread(target=lambda: [lines.put(l.rstrip("\n")) for l in engine.stdout], daemon=True).start()


def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


def reply(seconds=60):
    try:
        return lines.get(timeout=seconds)
    except queue.Empty:
        fail("no reply within %d s" % seconds)


def until_bestmove(seconds=120):
    infos = []
    end = time.time() + seconds
    while True:
        line = reply(max(1, end - time.time()))
        if line.startswith("info "):
            infos.append(line)
            continue
        if not line.startswith("bestmove "):
            fail("expected bestmove, got: " + line)
        return line, infos


# A search to its end: the value and exact distance of kamisado solve, a best move that is legal.
kfen = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g"
send("position " + kfen)
if reply() != "ok":
    fail("position refused")
send("go")
best, infos = until_bestmove()
words = best.split()
solved = json.loads(subprocess.run([kamisado, "solve", kfen, "--json"], check=True, capture_output=True, text=True).stdout)
if words[2:] != ["value", solved["value"], "plies", str(solved["distance"]["plies"])]:
    fail("'%s' is not kamisado solve's %s in %s plies" % (best, solved["value"], solved["distance"]["plies"]))
send("moves")
legal = reply().split()[1:]
if words[1] not in legal:
    fail("bestmove %s is not legal here" % words[1])
if not infos or not infos[-1].startswith("info nodes "):
    fail("no info line before bestmove")
# The position is in the published opening book: answered from it, saying so (issue 67).
if not any(i.startswith("info string book: ") and "opening.book" in i and "; proved: " in i for i in infos):
    fail("a book answer without its info string: %s" % infos)
for info in infos:  # issue 45: every info line but a string, the last too, with pn and dn
    if not info.startswith("info string ") and [w for w in info.split()[1::2]] != ["nodes", "pn", "dn", "seconds"]:
        fail("info line without nodes, pn, dn and seconds: " + info)

# Issue 45: a request sent right after reading bestmove is never refused as "a search is
# running" (the search was once marked done after its bestmove was written): 100 quick rounds.
for round_ in range(100):
    send("go nodes 50")
    until_bestmove(30)
    send("position " + kfen)
    got = reply()
    if got != "ok":
        fail("round %d: position right after bestmove answered '%s'" % (round_, got))

# A long search (who wins a Marathon match from the set-up), stopped after its first info line.
send("position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 15:0-0")
reply()
send("go goal match")
first = reply(30)
if not first.startswith("info "):
    fail("expected an info line within 30 s, got: " + first)
send("moves")
if not reply().startswith("error a search is running"):
    fail("a request during a search was not refused")
send("isready")  # issue 45: answered at once, during a search too
got = reply(5)
while got.startswith("info "):
    got = reply(5)
if got != "readyok":
    fail("isready during a search answered '%s'" % got)
t0 = time.time()
send("stop")
best, _ = until_bestmove(30)
if time.time() - t0 > 10:
    fail("stop took %.1f s" % (time.time() - t0))
if not best.endswith(" value unknown plies -") or len(best.split()) != 6:
    fail("a stopped search gave: " + best)

# Errors, one line each, and the rules requests still answered.
for request, words in (("stop", "error no search is running"), ("go frob 3", "error go: unknown word 'frob'"),
                       ("go nodes -1", "error go: nodes must be a whole number from 1 to 1000000000000000, not '-1'"),
                       ("go nodes 1e16", "error go: nodes must be a whole number from 1 to 1000000000000000, not '1e16'"),
                       ("go movetime 2.5e15", "error go: movetime must be a number of milliseconds from 1 to"),
                       ("\x1b[2Jhello", "error unknown request '\\x1b[2Jhello'")):
    send(request)
    got = reply()
    if not got.startswith(words):
        fail("'%s' answered '%s'" % (request, got))
send("position " + kfen)
reply()
send("go goal match")
if not reply().startswith("error go: the goal match needs a match position"):
    fail("a match goal in a single round was not refused")
send("status")
if reply() != "status ongoing":
    fail("status after the errors")
send("quit")
engine.wait(10)
print("engine_go: go, info, bestmove, stop, isready, 100 quick go/position rounds and the errors as documented")
