#!/usr/bin/env python3
"""`kamisado serve` starts and stops as a person expects (issues 67 and 71).

- Its first line names the address and the book, and nothing of stopping while it runs.
- On SIGTERM as on Ctrl-C (SIGINT) it exits 0 within EXIT_SECONDS (0.2 for the release build,
  which takes some 0.03 s here; more under the sanitizers, whose leak check scans the heap at
  exit), with an analysis in flight: that analysis is answered with what it had (200,
  "cut_by": ["stopped"]), not dropped, and the one "stopped" line says so.
Usage: serve_signals.py KAMISADO EXIT_SECONDS
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

kamisado, allowed = sys.argv[1], float(sys.argv[2])
MATCH_START = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0"  # who wins the match: far beyond a second


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


for sig in (signal.SIGTERM, signal.SIGINT):
    server = subprocess.Popen([kamisado, "serve", "--port", "0", "--book", "none", "--hash", "64"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = server.stdout.readline().decode()
    if not first:
        fail("the server ended before it said where it listens: %r" % server.stderr.read())
    if "http://127.0.0.1:" not in first or "(book: " not in first or "stopped" in first:
        fail("the first line should name the address and the book, and not 'stopped': %r" % first)
    address = first.split(" at ")[1].split()[0]
    answer = {}

    def analyse():
        query = urllib.parse.urlencode({"kfen": MATCH_START, "goal": "match", "ms": "30000"})
        with urllib.request.urlopen(address + "api/v1/analyse?" + query, timeout=60) as r:
            answer["status"], answer["body"] = r.status, r.read()

    asking = threading.Thread(target=analyse)
    asking.start()
    time.sleep(1.5)  # the analysis is searching
    os.set_blocking(server.stderr.fileno(), False)
    early = (server.stderr.read() or b"").decode()
    if "stopped" in early:
        fail("the server said it stopped while it runs: %r" % early)
    sent = time.monotonic()
    server.send_signal(sig)
    try:
        code = server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        fail("%s did not stop the server within 10 s" % sig.name)
    took = time.monotonic() - sent
    asking.join(timeout=10)
    os.set_blocking(server.stderr.fileno(), True)
    rest = server.stderr.read().decode()
    if code != 0:
        fail("%s: exit %d, stderr %r" % (sig.name, code, rest))
    if took > allowed:
        fail("%s: the server took %.3f s to exit (%g s allowed)" % (sig.name, took, allowed))
    if rest.count("kamisado serve: stopped; analyses in flight answered with what they had: 1") != 1:
        fail("%s: stderr %r" % (sig.name, rest))
    if answer.get("status") != 200:
        fail("%s: the analysis in flight got %r" % (sig.name, answer))
    body = json.loads(answer["body"])
    if body["cut_by"] != ["stopped"] or body["complete"]:
        fail("%s: the analysis in flight should say it was stopped: %r" % (sig.name, body))
    print("%s: exit 0 in %.3f s, the analysis in flight answered (cut_by %s)" % (sig.name, took, body["cut_by"]))
