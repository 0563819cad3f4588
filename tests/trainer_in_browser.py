#!/usr/bin/python3
"""The puzzle trainer in a real browser (issue 19): headless Chromium driven through WebDriver.

Makes a small collection (win-in-3 single rounds and Sumo puzzles from Marathon rounds), exports
the trainer, and plays a whole puzzle with clicks, as a person would:
  - a wrong first move (a legal move other than the key: the key is unique, so it fails) is
    refused and the board stays as it was;
  - the main line's moves, made one by one (one of them by dragging), are accepted, and the page
    answers each with the defence, which must be the proof's (puzzles.json's main line, from
    `kamisado puzzles export --json`, not from the page's own data);
  - the puzzle ends solved, and after a reload the browser still counts it solved;
  - on a phone-sized window the page does not scroll sideways and the board fills the width.
Then a Sumo puzzle is played through with the Solution button, and its pushes must be marked,
and a puzzle with a forced pass by hand, and its pass must be marked.

The legal moves come from `kamisado moves`, the expected line from `puzzles export --json`.
Usage: trainer_in_browser.py KAMISADO SCRATCH_DIR   (Debian's python3 with python3-selenium and
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
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def run(*args):
    return subprocess.run([kamisado, *args], check=True, capture_output=True, text=True).stdout


shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(os.path.join(scratch, "home"))
db = os.path.join(scratch, "p.db")
run("puzzles", "generate", "--count", "2", "--n", "3", "--seed", "2", "--db", db)
run("puzzles", "generate", "--count", "2", "--n", "2", "--seed", "2", "--match", "--theme", "sumo-push", "--db", db)
run("puzzles", "generate", "--count", "1", "--n", "3", "--seed", "2", "--theme", "forced-pass", "--db", db)
book = os.path.join(scratch, "trainer")
run("puzzles", "export", "--db", db, "--html", book, "--json", os.path.join(scratch, "p.json"), "--title", "Browser check")
puzzles = json.load(open(os.path.join(scratch, "p.json")))["puzzles"]
single = [p for p in puzzles if p["kind"] == "single" and p["n"] == 3][0]
sumo = [p for p in puzzles if "sumo-push" in p["themes"]][0]
passing = [p for p in puzzles if "forced-pass" in p["themes"]][0]

driver = chromium(scratch)


def wait_for(what, check, seconds=30):
    return wait(what, check, seconds, lambda: "status: " + status()[1])


def status():
    s = driver.find_element(By.ID, "status")
    return s.get_attribute("data-state"), s.text


def log():
    return [li.get_attribute("data-move") for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]


def square(name):
    return driver.find_element(By.CSS_SELECTOR, 'rect.square[data-square="%s"]' % name)


def tower_on(name):
    found = driver.find_elements(By.CSS_SELECTOR, 'g.tower[data-square="%s"]' % name)
    return found[0].get_attribute("data-colour") + " " + found[0].get_attribute("data-side") if found else None


def open_puzzle(p):
    url = "file://%s/index.html#puzzle-%d" % (os.path.abspath(book), p["id"])
    if driver.current_url == url:
        driver.refresh()  # the same link again: a new page load opens it afresh
    else:
        driver.get(url)  # another puzzle: the page follows the link's change
    wait_for("the page", lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    wait_for("the puzzle", lambda: status()[0] == "your-move")


def settled():
    state = status()[0]
    return state if state in ("your-move", "solved") else None


def play_line(p):
    """Plays the proof's main line by hand (a pass with the Pass button, the second move by a
    drag), checking after each move that the page's line is the proof's; returns my moves."""
    line = p["main_line"].split()
    mine = 0
    while status()[0] != "solved":
        played = log()
        if played != line[:len(played)]:
            fail("the page's line %s is not the proof's %s" % (played, line))
        move = line[len(played)]
        if move == "pass":
            driver.find_element(By.ID, "pass").click()
        elif mine == 1:
            # By offset: the page redraws the board when the tower is picked up.
            a, b = square(move[0:2]).rect, square(move[2:4]).rect
            ActionChains(driver).move_to_element(square(move[0:2])).click_and_hold() \
                .move_by_offset(b["x"] - a["x"], b["y"] - a["y"]).release().perform()
        else:
            square(move[0:2]).click()
            square(move[2:4]).click()
        mine += 1
        wait_for("the move %s to be taken" % move, lambda: len(log()) > len(played))
        wait_for("the defence", settled)
    if log() != line:
        fail("the solved line %s is not the proof's %s" % (log(), line))
    return mine


try:
    # 1. A wrong first move is refused, and nothing moves.
    open_puzzle(single)
    if single["stipulation"] not in driver.find_element(By.ID, "stipulation").text:
        fail("the stipulation is not shown")
    legal = [m["move"] for m in json.loads(run("moves", single["kfen"], "--json"))["moves"]]
    key = single["key"].split()[0]
    wrong = [m for m in legal if m != key and m != "pass"][0]
    before = tower_on(wrong[0:2])
    square(wrong[0:2]).click()
    square(wrong[2:4]).click()
    state, text = status()
    if state != "refused":
        fail("the wrong move %s was not refused (status %s: %s)" % (wrong, state, text))
    if log() or tower_on(wrong[0:2]) != before or tower_on(wrong[2:4]) == before:
        fail("the refused move %s changed the board or the log" % wrong)
    print("wrong move %s refused: %s" % (wrong, text))

    # A hint names the key's tower and rings it, and does not move it.
    driver.find_element(By.ID, "hint").click()
    state, text = status()
    hinted = [c.get_attribute("cx") + "," + c.get_attribute("cy") for c in driver.find_elements(By.CSS_SELECTOR, "circle.hinted")]
    if state != "hint" or ("on " + key[0:2]) not in text or len(hinted) != 1 or log():
        fail("the hint does not name the key's tower %s (status %s: %s; %d rings)" % (key[0:2], state, text, len(hinted)))
    print(text)
    driver.find_element(By.ID, "retry").click()  # a fresh start: solved with a hint counts as helped
    wait_for("the puzzle again", lambda: status()[0] == "your-move")

    # 2. The main line, with the defence played back by the page; the second move by dragging.
    mine = play_line(single)
    print("solved with %d moves of mine; the line %s is the proof's" % (mine, single["main_line"]))

    # 3. Progress survives a reload.
    driver.refresh()
    wait_for("the page after a reload", lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    solved = driver.find_element(By.ID, "progress").get_attribute("data-solved")
    item = driver.find_element(By.CSS_SELECTOR, '#list li[data-id="%d"]' % single["id"])
    if solved != "1" or "solved" not in item.get_attribute("class"):
        fail("the browser forgot the solved puzzle (solved %s, class %s)" % (solved, item.get_attribute("class")))
    print("after a reload: %s" % driver.find_element(By.ID, "progress").text)

    # 4. A Sumo puzzle through the Solution button: the pushes are marked.
    open_puzzle(sumo)
    while status()[0] != "solved":
        driver.find_element(By.ID, "solution").click()
        wait_for("the solution's move", settled)
    if log() != sumo["main_line"].split():
        fail("the Sumo puzzle's line %s is not the proof's %s" % (log(), sumo["main_line"]))
    notes = driver.find_element(By.ID, "log").text
    if "Sumo push" not in notes:
        fail("no push is marked in the log: " + notes)
    if "with help" not in status()[1]:
        fail("a solution shown counts as solved without help: " + status()[1])
    print("Sumo puzzle %d played through: %s" % (sumo["id"], sumo["main_line"]))

    # 5. A puzzle with a forced pass (M6), played by hand: the pass is marked.
    open_puzzle(passing)
    play_line(passing)
    if "forced pass (M6)" not in driver.find_element(By.ID, "log").text:
        fail("no forced pass is marked in the log: " + driver.find_element(By.ID, "log").text)
    print("forced-pass puzzle %d played through: %s" % (passing["id"], passing["main_line"]))

    # 6. A phone's screen: no sideways scrolling, the board as wide as the screen.
    driver.set_window_size(390, 844)
    open_puzzle(single)
    width = driver.execute_script("return window.innerWidth")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    board = driver.find_element(By.ID, "board").size["width"]
    if scroll > width or board < 0.8 * width:
        fail("on a %d px wide window the page is %d px wide and the board %d px" % (width, scroll, board))
    print("phone: window %d px, page %d px, board %d px" % (width, scroll, board))

    # No script error on the way.
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    if errors:
        fail("the page's script failed: " + "; ".join(errors))
finally:
    driver.quit()
print("PASS")
