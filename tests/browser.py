"""What the browser tests share (trainer_in_browser.py, board_in_browser.py): headless Chromium
driven through WebDriver, a failure, and waiting for the page. Importing it exits 77, which ctest
counts as skipped, when python3-selenium or chromium-driver is missing outside CI (in CI, 1)."""
import os
import shutil
import sys
import time


def skip(why):
    print("SKIP: " + why + " (scripts/run.sh installs it)")
    sys.exit(1 if os.environ.get("CI") else 77)


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    skip("python3-selenium is missing")


def chromium(scratch, browser_log=False):
    """Headless Chromium in a 1200x900 window, its profile and HOME inside `scratch`."""
    driver_path = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not driver_path or not browser:
        skip("chromium-driver is missing")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    # The sandbox needs user namespaces, which CI containers (and root) may not have.
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1200,900",
                 "--user-data-dir=" + os.path.join(scratch, "profile")):
        options.add_argument(flag)
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    os.makedirs(os.path.join(scratch, "home"), exist_ok=True)
    os.environ["HOME"] = os.path.join(scratch, "home")
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(60)
    return driver


def wait_for(what, check, seconds=30, state=lambda: ""):
    """Polls `check` until it gives something true, which it returns; fails after `seconds`,
    saying what the page shows (`state`)."""
    end = time.time() + seconds
    while time.time() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    fail("timed out waiting for " + what + "; " + state())
