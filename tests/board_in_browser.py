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
  - (issue 45) from the set-up, all 102 first moves with their proved values at once, from the
    book; the tower that must move marked; a match's score and target, and its question asked;
    a bad link falling back to the set-up with its KFEN kept; the analysis cleared while a
    position is set up; the proof link only for a proved value, with the chosen effort, and it
    downloads a proof; "1 ply", not "1 plies";
  - (issue 71) the book's best line whole and clickable, the game's moves listed, every move of a
    position after Gold's reply from the book; the efforts the server allows, and the puzzles'
    link only where they are served; in a match position the round's value beside the match's
    question; an effort of 30 s runs 30 s unless it proves the match, and an unknown answer says
    the effort ran out, with Best move disabled; a Sumo's rank inside its tower, a push named in
    the move table, "moves again (S4)" after it and the pushed tower marked (screenshots of the
    board, board-sumo.png and board-push.png, in SCRATCH_DIR or $BOARD_SCREENSHOTS: docs/images);
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
import urllib.request

kamisado, scratch = sys.argv[1], sys.argv[2]
START = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"


def cli_json(*args):
    return json.loads(subprocess.run([kamisado, *args, "--json"], check=True, capture_output=True, text=True).stdout)


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

    def text(id):
        return driver.find_element(By.ID, id).text

    # From the set-up, every first move's proved value at once: the book (reports/opening.book).
    wait_for("the set-up's analysis", analysed, 20)
    first = driver.find_elements(By.CSS_SELECTOR, "#moves tr.move")
    values = [r.get_attribute("data-value") for r in first]
    if len(first) != 102 or "unknown" in values or values.count("win") != 16:
        fail("the set-up shows %d first moves, %d unknown, %d winning (102, 0, 16 proved)" % (len(first), values.count("unknown"), values.count("win")))
    if not text("verdict").startswith("Black wins the round in 17 plies (9 moves of the winner)"):
        fail("the set-up's verdict reads '%s'" % text("verdict"))
    if "from the book: opening.book" not in text("analysis-meta"):
        fail("the set-up's analysis does not say it came from the book: '%s'" % text("analysis-meta"))
    if driver.find_elements(By.CSS_SELECTOR, "circle.designated"):
        fail("a tower is marked on the set-up, where either may move (T1)")
    # The proof link: for a proved value, with the effort chosen, and it downloads a proof.
    proof = driver.find_element(By.ID, "proof")
    if not proof.is_displayed() or "ms=5000" not in proof.get_attribute("href"):
        fail("the proof link is %s, href %s" % ("shown" if proof.is_displayed() else "hidden", proof.get_attribute("href")))
    # The longest effort: a proof in 1 s failed on a loaded 2-core machine (ctest -j2), not in the page.
    Select(driver.find_element(By.ID, "budget")).select_by_value("30000")
    wait_for("the proof link with the new effort", lambda: analysed() and "ms=30000" in driver.find_element(By.ID, "proof").get_attribute("href"))
    with urllib.request.urlopen(driver.find_element(By.ID, "proof").get_attribute("href"), timeout=120) as answer:
        body = answer.read().decode()
    with open(os.path.join(scratch, "link.proof"), "w") as f:
        f.write(body)
    checked = subprocess.run([kamisado, "check-proof", os.path.join(scratch, "link.proof")], capture_output=True, text=True)
    if answer.status != 200 or checked.returncode != 0:
        fail("the proof link gave HTTP %d, check-proof said: %s" % (answer.status, (checked.stdout + checked.stderr)[:200]))
    Select(driver.find_element(By.ID, "budget")).select_by_value("5000")
    wait_for("the analysis", analysed)

    # The book's best line whole (17 plies, not as far as the book's positions reach), each ply a
    # button that plays the line to it; the game's moves listed under the board (issue 71).
    line = driver.find_elements(By.CSS_SELECTOR, "#line button.ply")
    if len(line) != 17:
        fail("the set-up's best line has %d plies, not 17: %s" % (len(line), text("line")))
    first_three = [b.text for b in line[:3]]
    line[2].click()
    after_three = cli_json("play", "--kfen", START, "--moves", " ".join(first_three))["kfen"]
    wait_for("the line played to its third ply", lambda: kfen() == after_three)
    wait_for("its analysis", analysed)
    game = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#game-moves button.ply")]
    if game != ["%d. %s" % (i + 1, m) for i, m in enumerate(first_three)]:
        fail("the game's moves read %s after the line's first three, %s" % (game, first_three))
    # Back to the position after Gold's reply: one move deeper than the first moves, every move's
    # value from the book at once.
    driver.find_elements(By.CSS_SELECTOR, "#game-moves button.ply")[1].click()
    after_two = cli_json("play", "--kfen", START, "--moves", " ".join(first_three[:2]))["kfen"]
    wait_for("the position after Gold's reply", lambda: kfen() == after_two and analysed())
    rows = driver.find_elements(By.CSS_SELECTOR, "#moves tr.move")
    if not rows or any(r.get_attribute("data-value") == "unknown" or not r.get_attribute("data-plies") for r in rows):
        fail("after Gold's reply not every move is proved with its distance")
    if "from the book: opening.book" not in text("analysis-meta") or len(driver.find_elements(By.CSS_SELECTOR, "#line button.ply")) != 15:
        fail("after Gold's reply: '%s', best line '%s'" % (text("analysis-meta"), text("line")))
    driver.get(address)
    wait_for("the set-up again", lambda: kfen() == START and analysed())

    # The efforts the server allows (its default, up to 60 s), and the puzzles' link, which this
    # server serves.
    offered = [o.get_attribute("value") for o in Select(driver.find_element(By.ID, "budget")).options]
    if offered != ["1000", "5000", "10000", "30000", "60000"]:
        fail("the efforts offered are %s" % offered)
    if not driver.find_element(By.ID, "puzzles-link").is_displayed():
        fail("the puzzles are served, and the page does not link to them")

    # A match position: the round's value beside the match's question; an effort of 30 s runs
    # 30 s unless it proves the match first, and an unknown answer says what cut it.
    in_match = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g 3:0-0"
    driver.get(address + "?kfen=" + in_match.replace(" ", "%20"))
    wait_for("the round's value", lambda: text("round-verdict") == "The round: Black wins it in 20 plies.")
    wait_for("the analysis", analysed, 60)
    if not [r for r in driver.find_elements(By.CSS_SELECTOR, "#moves tr.move td.round") if r.text.startswith(("win", "loss"))]:
        fail("no move shows its round value beside the match's")
    Select(driver.find_element(By.ID, "budget")).select_by_value("30000")
    started = time.time()
    wait_for("the 30 s analysis", lambda: driver.find_element(By.ID, "analysis").get_attribute("data-state") == "running", 10)
    wait_for("the 30 s analysis to end", analysed, 120)
    took = time.time() - started
    if text("verdict").startswith("Not proved"):
        if took < 25 or "the effort (30 s) ran out" not in text("verdict"):
            fail("an effort of 30 s ended after %.1f s: '%s'" % (took, text("verdict")))
        if driver.find_element(By.ID, "best").is_enabled():
            fail("Best move is enabled with nothing proved")
    print("a 30 s effort on %s: %.1f s, '%s'" % (in_match, took, text("verdict")))
    Select(driver.find_element(By.ID, "budget")).select_by_value("5000")

    # A Sumo and its push (S1-S4): the rank written on the tower, inside it (the mark of the tower
    # to move is outside); the push named in the move table; after it, the status says that the
    # pusher moves again (S4) and the pushed tower is marked. Screenshots for docs/.
    sumo = "obpkyr1n/8/8/2g5/2R+5/8/8/NG1YKPBO b R 3:1-0"
    driver.get(address + "?kfen=" + sumo.replace(" ", "%20").replace("+", "%2B"))
    wait_for("the Sumo position", lambda: kfen() == sumo and analysed(), 60)
    rank = driver.find_element(By.CSS_SELECTOR, 'text.rank[data-square="c4"]')
    inside = driver.execute_script(
        "var t = arguments[0].getBBox(), c = document.querySelector('circle.tower[data-square=\"c4\"]');"
        "var x = +c.getAttribute('cx'), y = +c.getAttribute('cy');"
        "return Math.max(Math.abs(t.x - x), Math.abs(t.x + t.width - x), Math.abs(t.y - y), Math.abs(t.y + t.height - y));", rank)
    if rank.text != "1" or inside > 16:
        fail("the Sumo's rank reads '%s', reaching %.1f px from its centre (the mark of the tower to move begins at 23.5)" % (rank.text, inside))
    shots = os.environ.get("BOARD_SCREENSHOTS", scratch)
    os.makedirs(shots, exist_ok=True)
    driver.find_element(By.ID, "board").screenshot(os.path.join(shots, "board-sumo.png"))
    push = driver.find_element(By.CSS_SELECTOR, '#moves tr.move[data-move="c4c5"]')
    if "pushes Gold Green c5\u2192c6" not in push.find_element(By.CSS_SELECTOR, ".name").text:
        fail("the push reads '%s' in the move table" % push.text)
    push.click()
    wait_for("the push played", lambda: "moves again (S4)" in text("status"))
    if text("status") != "Black pushes Gold Green c5\u2192c6 and moves again (S4): Black to move the Orange tower on h1":
        fail("after the push the status reads '%s'" % text("status"))
    if [c.get_attribute("data-square") for c in driver.find_elements(By.CSS_SELECTOR, "circle.pushed")] != ["c6"]:
        fail("the pushed tower (Gold Green, now on c6) is not marked")
    wait_for("its analysis", analysed, 60)
    driver.find_element(By.ID, "board").screenshot(os.path.join(shots, "board-push.png"))
    driver.get(address)
    wait_for("the set-up again", lambda: kfen() == START and analysed())

    # Set up by clicks: Black's Red tower from c1 to c4, Gold to move its Green tower (T2).
    driver.find_element(By.ID, "setup").click()
    wait_for("the set-up panel", lambda: driver.find_element(By.ID, "setup-panel").is_displayed())
    click_square("c1")
    wait_for("the tower picked", lambda: "Black Red on c1" in driver.find_element(By.ID, "selected-tower").text)
    click_square("c4")
    wait_for("the tower moved", lambda: kfen().startswith("obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO"))
    if driver.find_elements(By.CSS_SELECTOR, "#moves tr.move") or not text("verdict").startswith("Setting up"):
        fail("after a tower moved in the set-up the analysis of the position before is still shown: '%s'" % text("verdict"))
    Select(driver.find_element(By.ID, "side")).select_by_value("g")
    wait_for("Gold to move", lambda: kfen().split()[1] == "g")
    Select(driver.find_element(By.ID, "tower")).select_by_value("G")
    wanted = "obpkyrgn/8/8/8/2R5/8/8/NG1YKPBO g g"
    wait_for("the set-up position", lambda: kfen() == wanted)
    driver.find_element(By.ID, "setup-done").click()
    wait_for("the analysis", analysed)
    marked = driver.find_elements(By.CSS_SELECTOR, "circle.designated")
    if [m.get_attribute("data-square") for m in marked] != ["g8"]:
        fail("the tower to move (Gold's Green, g8) is not marked: %s" % [m.get_attribute("data-square") for m in marked])

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
    # The match's score and target, and the match asked about by default.
    if text("match-score") != "Match to 15 points: Black 7, Gold 14":
        fail("the match score reads '%s'" % text("match-score"))
    if Select(driver.find_element(By.ID, "goal")).first_selected_option.get_attribute("value") != "match":
        fail("a match position is asked who wins the round")

    # A win in one ply is "1 ply" (puzzle 4 of the collection).
    one = "1b2y1g1/1p4r1/2RB1P2/6k1/4O3/o7/N6n/1G1YK3 g o"
    driver.get(address + "?kfen=" + one.replace(" ", "%20"))
    wait_for("the puzzle's analysis", lambda: kfen() == one and analysed())
    if not text("verdict").startswith("Gold wins the round in 1 ply (1 move of the winner)"):
        fail("a win in one reads '%s'" % text("verdict"))

    # A bad link: the set-up on the board, the link's KFEN kept in the field, the error said.
    driver.get(address + "?kfen=garbage%20b")
    wait_for("the set-up after a bad link", lambda: len(driver.find_elements(By.CSS_SELECTOR, "circle.tower[data-square]")) == 16 and
             kfen() == "garbage b" and driver.find_element(By.ID, "error").is_displayed())
    if "not valid" not in text("error") or text("status") == "Loading…":
        fail("after a bad link the page reads: %s / %s" % (text("status"), text("error")))

    # The trainer's link to the board.
    driver.set_window_size(1200, 900)
    driver.get(address + "puzzles/index.html")
    link = wait_for("the trainer's link to the board", lambda: driver.find_elements(By.ID, "analyse-link"))[0]
    puzzle_kfen = driver.find_element(By.ID, "meta").text.split("KFEN ")[1].split(" ·")[0]
    link.click()
    wait_for("the puzzle on the board", lambda: driver.find_elements(By.ID, "kfen") and kfen() == puzzle_kfen)
    wait_for("its analysis", analysed)

    # The bad link's 400 is the browser's note of an answer the page expected and handled.
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "kfen=garbage" not in e["message"]]
    if errors:
        fail("script errors: %s" % errors)
    driver.quit()
    print("board_in_browser: the set-up's 102 first moves from the book, set up by clicks, %d moves as kamisado solve says, the best "
          "line played in %d plies, phone layout, match score, the marked tower, a bad link, the proof link, the trainer's link" % (len(rows), ply))
finally:
    server.terminate()
    server.wait(10)
