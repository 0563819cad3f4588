#!/usr/bin/python3
"""The analysis board with no server (issue 48): headless Chromium opens the board that the
WebAssembly build puts beside its module (build/<config>/wasm/board/index.html) from the disk, a
file:// page, and the page answers from the module in the browser.

  - the set-up is drawn with its 102 legal moves and analysed: Black wins the round in 17 plies,
    and all 102 moves have their values and distances, from the opening book built into the
    module (issue 71: 59 were unknown without it), and no proof link is offered (a proof is the
    server's); the puzzles' link is not shown (no server serves them);
  - each move's value and distance in the table is `kamisado solve` run on the position it leads
    to, for a sample of the moves;
  - a position the book does not hold is searched in the browser (the meta line says so), in a
    Web Worker: during a 5 s analysis of a match, a click on a tower is answered within 200 ms
    (issue 71: the search held the page for 6 s);
  - the Best move button plays the analysis's best move: the KFEN is the one `kamisado play` gives;
  - a bad KFEN typed in shows the CLI's one-line message;
  - the same folder on a host of files only (no API) answers in the browser too;
  - the browser logged no script error.

Usage: board_offline_in_browser.py KAMISADO BOARD_DIR SCRATCH_DIR (exit 77: skipped without
selenium and chromium-driver outside CI).
"""
import json
import os
import shutil
import subprocess
import sys
import time

kamisado, board, scratch = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import chromium, fail, wait_for as wait  # noqa: E402 (exits 77 without selenium)
from selenium.webdriver.common.by import By  # noqa: E402

START = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
page = "file://" + os.path.abspath(os.path.join(board, "index.html"))
if not os.path.exists(os.path.join(board, "kamisado_worker.js")):
    fail("no kamisado_worker.js in " + board)


def cli_json(*args):
    return json.loads(subprocess.run([kamisado, *args, "--json"], check=True, capture_output=True, text=True).stdout)


driver = chromium(scratch, browser_log=True)
try:
    def wait_for(what, check, seconds=120):
        return wait(what, check, seconds, lambda: "status: " + driver.find_element(By.ID, "status").text + "; verdict: " +
                    driver.find_element(By.ID, "verdict").text + "; error: " + driver.find_element(By.ID, "error").text)

    def analysed():
        return driver.find_element(By.ID, "analysis").get_attribute("data-state") == "done"

    driver.get(page)
    wait_for("the set-up drawn", lambda: driver.find_element(By.ID, "status").text == "Black to move, any tower (T1)")
    wait_for("the analysis", analysed)
    verdict = driver.find_element(By.ID, "verdict").text
    if verdict != "Black wins the round in 17 plies (9 moves of the winner)":
        fail("verdict: " + verdict)
    meta = driver.find_element(By.ID, "analysis-meta").text
    if "from the book: opening.book" not in meta:
        fail("the set-up is not answered from the book built into the module: " + meta)
    if driver.find_element(By.ID, "proof").is_displayed():
        fail("a proof link is offered with no server")
    if driver.find_element(By.ID, "puzzles-link").is_displayed():
        fail("a link to the puzzles, which no server serves here")
    rows = driver.find_elements(By.CSS_SELECTOR, "#moves tr.move")
    if len(rows) != 102:
        fail(f"{len(rows)} moves in the table, not 102")
    if [r for r in rows if r.get_attribute("data-value") == "unknown" or not r.get_attribute("data-plies")]:
        fail("offline, not every first move has its value and distance")
    proved = [r for r in rows if r.get_attribute("data-value") != "unknown"]
    for row in proved[:: max(1, len(proved) // 6)]:
        child = row.get_attribute("data-kfen")
        solved = cli_json("solve", child)
        mover_wins = solved["winner"] == "black"
        plies = row.get_attribute("data-plies")  # empty: the value proved, its distance not within the budget
        if (row.get_attribute("data-value") == "win") != mover_wins or (plies and int(plies) != solved["distance"]["plies"] + 1):
            fail(f"{row.get_attribute('data-move')}: {row.get_attribute('data-value')} in {row.get_attribute('data-plies')}, "
                 f"kamisado solve: {solved['winner']} in {solved['distance']['plies']} from {child}")

    best = driver.find_element(By.CSS_SELECTOR, "#moves tr.move").get_attribute("data-move")
    driver.find_element(By.ID, "best").click()
    expected = cli_json("play", "--kfen", START, "--moves", best)["kfen"]
    wait_for("the best move played", lambda: driver.find_element(By.ID, "kfen").get_attribute("value") == expected)

    # A match, which the book does not hold: searched here, in a worker, and the page answers a
    # click meanwhile.
    match = START + " 3:0-0"
    driver.get(page + "?kfen=" + match.replace(" ", "%20"))
    wait_for("the match's analysis running", lambda: driver.find_element(By.ID, "status").text == "Black to move, any tower (T1)" and
             driver.find_element(By.ID, "analysis").get_attribute("data-state") == "running")
    time.sleep(1.5)  # well into the 5 s search
    if driver.find_element(By.ID, "analysis").get_attribute("data-state") != "running":
        fail("the match's analysis ended within 1.5 s: nothing to click during")
    # How long the page took to answer the click: from the click's arrival (the event's timestamp)
    # to the end of the page's own handler (this listener runs after it), measured in the page, so
    # that WebDriver's round trips on a loaded machine are not counted as the page's.
    driver.execute_script("document.getElementById('board').addEventListener('pointerdown', function (e) {"
                          " window.answeredMs = performance.now() - e.timeStamp; });")
    driver.find_element(By.CSS_SELECTOR, 'rect.square[data-square="a1"]').click()
    wait_for("the tower picked", lambda: driver.find_elements(By.CSS_SELECTOR, "circle.selected"), 10)
    answered = driver.execute_script("return window.answeredMs;") / 1000
    still = driver.find_element(By.ID, "analysis").get_attribute("data-state")
    if answered > 0.2 or still != "running":
        fail(f"a click during the analysis was answered in {answered:.3f} s (0.2 s allowed), the analysis {still}")
    wait_for("the match's analysis", analysed)
    meta = driver.find_element(By.ID, "analysis-meta").text
    if "in this browser" not in meta:
        fail("the match's analysis does not say it was searched here: " + meta)
    print(f"a click during a 5 s analysis in the browser answered in {answered * 1000:.0f} ms")

    field = driver.find_element(By.ID, "kfen")
    field.clear()
    field.send_keys("obpkyrgn/8 b -")
    driver.find_element(By.ID, "load").click()
    cli = subprocess.run([kamisado, "show", "obpkyrgn/8 b -"], capture_output=True, text=True)
    message = cli.stderr.strip().removeprefix("kamisado: error: ")
    wait_for("the error shown", lambda: driver.find_element(By.ID, "error").text == message)

    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    if errors:
        fail("script errors: " + "; ".join(e["message"] for e in errors))

    # The same folder on a host of files only (Python's http.server): no API there, so the page
    # answers in the browser as from the disk.
    host = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", board],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = host.stdout.readline().split("port ")[1].split()[0]
        driver.get(f"http://127.0.0.1:{port}/index.html")
        wait_for("the set-up from a host of files", lambda: driver.find_element(By.ID, "status").text == "Black to move, any tower (T1)")
        wait_for("its analysis", analysed)
        if "from the book: opening.book" not in driver.find_element(By.ID, "analysis-meta").text:
            fail("from a host of files, the set-up was not answered by the module's book")
    finally:
        host.terminate()
    print("board offline: the set-up from the built-in book (102 values, 17 plies), moves checked against kamisado solve, "
          "best move played, a match searched in a worker while the page answers clicks")
finally:
    driver.quit()
