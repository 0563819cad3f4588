#!/usr/bin/env python3
"""`kamisado serve` stops gracefully on SIGTERM as on Ctrl-C (issue 67, item 9): it says nothing of
stopping while it runs, and on either signal writes its one "stopped" line and exits 0 within
seconds (the 10 s allowed is for a slow machine; it stops in a fraction of one here).
Usage: serve_signals.py KAMISADO
"""
import json
import os
import signal
import subprocess
import sys
import time

kamisado = sys.argv[1]


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


for sig in (signal.SIGTERM, signal.SIGINT):
    server = subprocess.Popen([kamisado, "serve", "--port", "0", "--book", "none", "--hash", "8", "--json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = []
    while not lines or lines[-1] != b"}\n":
        lines.append(server.stdout.readline())
        if not lines[-1]:
            fail("the server ended before it said where it listens: %r" % server.stderr.read())
    if "address" not in json.loads(b"".join(lines)):
        fail("no address: %r" % lines)
    time.sleep(0.3)
    os.set_blocking(server.stderr.fileno(), False)
    early = (server.stderr.read() or b"").decode()
    if "stopped" in early:
        fail("the server said it stopped while it runs: %r" % early)
    server.send_signal(sig)
    try:
        code = server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        fail("%s did not stop the server within 10 s" % sig.name)
    os.set_blocking(server.stderr.fileno(), True)
    rest = server.stderr.read().decode()
    if code != 0:
        fail("%s: exit %d, stderr %r" % (sig.name, code, rest))
    if rest.count("kamisado serve: stopped; searches in flight cancelled: 0") != 1:
        fail("%s: stderr %r" % (sig.name, rest))
    print("%s: stopped gracefully, exit 0" % sig.name)
