#!/usr/bin/python3
"""The analysis board in a real browser (issue 31): headless Chromium driven through WebDriver
against `kamisado serve` on a loopback port.

  - a position is set up on the board by clicks (a tower moved, the side and the tower to move
    picked), and its KFEN is the one meant;
  - the move table is read, and each move's value and distance must be `kamisado solve` run on
    the position it leads to (not the page's or the server's own analysis);
  - the best line is played to the end with the Best move button, and the round is won by the
    side the analysis named;
  - on a phone-sized window the page does not scroll sideways and the board fills the width;
  - the puzzle trainer, served beside the board, links a puzzle to the board, which opens it;
  - the browser logged no script error.

Usage: board_in_browser.py KAMISADO SCRATCH_DIR   (Debian's python3 with python3-selenium and
chromium-driver; exit 77 tells ctest it was skipped when they are missing outside CI.)
"""
import json
import os
import shutil
import subprocess
import sys
import time

kamisado, scratch = sys.argv[1], sys.argv[2]

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import chromium, fail, wait_for as wait  # noqa: E402 (exits 77 without selenium)
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
trainer = os.path.join(scratch, "trainer")
here = os.path.dirname(os.path.abspath(__file__))
subprocess.run([kamisado, "puzzles", "export", "--db", os.path.join(here, "..", "reports", "puzzles", "puzzles.db"), "--html", trainer],
               check=True, capture_output=True)
server = subprocess.Popen([kamisado, "serve", "--port", "0", "--hash", "64", "--puzzles", trainer], stdout=subprocess.PIPE, text=True)
try:
    first = server.stdout.readline()
    address = first.split(" at ")[1].split()[0] if " at " in first else fail("serve said: " + first)

    driver = chromium(scratch, browser_log=True)

    def wait_for(what, check, seconds=60):
        return wait(what, check, seconds, lambda: "status: " + driver.find_element(By.ID, "status").text)

    def kfen():
        return driver.find_element(By.ID, "kfen").get_attribute("value")

    def analysed():
        return driver.find_element(By.ID, "analysis").get_attribute("data-state") == "done"

    def click_square(name):
        # The board is drawn anew when an answer comes back (a failed CI-like run clicked a square
        # just replaced): find the square again until the click lands.
        for _ in range(50):
            try:
                driver.find_element(By.CSS_SELECTOR, 'rect.square[data-square="%s"]' % name).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.1)
        fail("the square %s was drawn anew for 5 s" % name)

    driver.get(address)
    wait_for("the start position", lambda: kfen() == "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -")

    # Set up by clicks: Black's Red tower from c1 to c4, Gold to move its Green tower (T2).
    driver.find_element(By.ID, "setup").click()
    wait_for("the set-up panel", lambda: driver.find_element(By.ID, "setup-panel").is_displayed())
    click_square("c1")
    wait_for("the tower picked", lambda: "Black Red on c1" in driver.find_element(By.ID, "selected-tower").text)
    click_square("c4")
    wait_for("the tower moved", lambda: kfen().startswith("obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO"))
    Select(driver.find_element(By.ID, "side")).select_by_value("g")
    wait_for("Gold to move", lambda: kfen().split()[1] == "g")
    Select(driver.find_element(By.ID, "tower")).select_by_value("G")
    wanted = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g"
    wait_for("the set-up position", lambda: kfen() == wanted)
    driver.find_element(By.ID, "setup-done").click()
    wait_for("the analysis", analysed)

    # The move table against kamisado solve on each child.
    rows = driver.find_elements(By.CSS_SELECTOR, "#moves tr.move")
    moves = json.loads(subprocess.run([kamisado, "moves", wanted, "--json"], check=True, capture_output=True, text=True).stdout)
    if len(rows) != len(moves["moves"]):
        fail("the table has %d moves, kamisado moves %d" % (len(rows), len(moves["moves"])))
    for row in rows:
        move, value, plies, child = (row.get_attribute(a) for a in ("data-move", "data-value", "data-plies", "data-kfen"))
        solved = subprocess.run([kamisado, "solve", child, "--json"], capture_output=True, text=True)
        if solved.returncode != 0:  # the move ends the round: the rules decide it
            expect = ("win" if "(Gold won it)" in solved.stderr else "loss", "1")
        else:
            s = json.loads(solved.stdout)
            expect = ("win" if s["winner"] == "gold" else "loss", str(s["distance"]["plies"] + 1))
        if (value, plies) != expect:
            fail("move %s: the page says %s in %s, kamisado solve %s in %s" % (move, value, plies, *expect))
        if row.find_element(By.CSS_SELECTOR, ".value").text != "%s in %s plies" % expect:
            fail("move %s reads '%s'" % (move, row.text))
    verdict = driver.find_element(By.ID, "verdict").text
    if not verdict.startswith("Black wins the round in 20 plies"):
        fail("the verdict reads '%s'" % verdict)

    # The best line to the end.
    for ply in range(40):
        if not driver.find_elements(By.CSS_SELECTOR, "#moves tr.move"):
            break
        before = kfen()
        driver.find_element(By.ID, "best").click()
        wait_for("the best move played", lambda: kfen() != before)
        wait_for("its analysis", analysed)
    else:
        fail("the best line did not end within 40 plies")
    final = driver.find_element(By.ID, "status").text
    if not final.startswith("Black wins"):
        fail("the best line ended with: " + final)
    if ply != 20:
        fail("the best line took %d plies, not the 20 of the analysis" % ply)

    # A phone: one column, the board as wide as the screen, nothing to scroll sideways, for a
    # single round and for a match position (whose questions are longer).
    driver.set_window_size(390, 844)
    match = "y+g++4n+1/K4k+2/8/1b+p+5/1P++2o++Y+N+1/5B+O1/2r++5/2G+4R b P 15:7-14"
    for position in (wanted, match):
        driver.get(address + "?kfen=" + position.replace(" ", "%20").replace("+", "%2B"))
        wait_for("the position from the link", lambda: kfen() == position)
        wait_for("the analysis", analysed)
        wide = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth, "
                                     "document.getElementById('board').getBoundingClientRect().width]")
        if wide[0] > wide[1]:
            fail("on a phone the page scrolls sideways: %d px in a %d px window (%s)" % (wide[0], wide[1], position))
        if wide[2] < 0.85 * wide[1]:
            fail("on a phone the board is %d px wide in a %d px window" % (wide[2], wide[1]))

    # The trainer's link to the board.
    driver.set_window_size(1200, 900)
    driver.get(address + "puzzles/index.html")
    link = wait_for("the trainer's link to the board", lambda: driver.find_elements(By.ID, "analyse-link"))[0]
    puzzle_kfen = driver.find_element(By.ID, "meta").text.split("KFEN ")[1].split(" ·")[0]
    link.click()
    wait_for("the puzzle on the board", lambda: driver.find_elements(By.ID, "kfen") and kfen() == puzzle_kfen)
    wait_for("its analysis", analysed)

    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    if errors:
        fail("script errors: %s" % errors)
    driver.quit()
    print("board_in_browser: set up by clicks, %d moves as kamisado solve says, the best line played in %d plies, phone layout, "
          "the trainer's link" % (len(rows), ply))
finally:
    server.terminate()
    server.wait(10)
