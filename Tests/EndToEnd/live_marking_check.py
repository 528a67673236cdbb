#!/usr/bin/env python3
"""Ticks progress checkboxes in headless Chromium under `questlog serve`.

Usage: live_marking_check.py SITE_DIR BASE_URL

The site has a playthrough `wren` and a page `elden-ring/quests/board.html` with `.ql-mark`
checkboxes. Checks that the served page enables them, that ticking one edits the playthrough file
(only its list, byte for byte), and that a refused tick is undone and explained on the page.
Exits with 1 when anything fails.
"""

import sys
import time
from pathlib import Path

from selenium.webdriver.common.by import By

from browser import make_driver
from browser import wait as wait_for

TIMEOUT = 20
BEFORE = "---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\n---\r\nNotes stay.\r\n"
AFTER = "---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\ncleared: [church-of-elleh]\r\n---\r\nNotes stay.\r\n"


def main():
    site, base = Path(sys.argv[1]), sys.argv[2].rstrip("/")
    playthrough = site / "Content/elden-ring/playthroughs/wren.md"
    failures = []

    def check(condition, label):
        print(("  ok    " if condition else "  FAIL  ") + label)
        if not condition:
            failures.append(label)

    def wait(condition):
        return wait_for(driver, condition, TIMEOUT)

    driver = make_driver()
    try:
        driver.get(base + "/elden-ring/quests/board.html")
        church = driver.find_element(By.CSS_SELECTOR, 'input[data-entry="church-of-elleh"]')
        check(wait(lambda d: church.is_enabled()) is not None, "the served page enables its checkboxes")
        driver.execute_script("window.beforeTheTick = true;")
        church.click()
        deadline = time.time() + TIMEOUT
        while time.time() < deadline and playthrough.read_bytes().decode() != AFTER:
            time.sleep(0.05)
        check(playthrough.read_bytes().decode() == AFTER, "ticking a box adds the entry to the playthrough's list, byte for byte")

        # The rebuild reloads the page; then a tick the server refuses.
        reloaded = wait(lambda d: d.execute_script(
            "return !window.beforeTheTick && document.readyState === 'complete' && "
            "!document.querySelector('input[data-entry=\"no-such-quest\"]').disabled"))
        check(reloaded is not None, "the page reloads after the edit")
        driver.find_element(By.CSS_SELECTOR, 'input[data-entry="no-such-quest"]').click()
        message = wait(lambda d: d.find_element(By.ID, "ql-mark-message") if d.find_elements(By.ID, "ql-mark-message") else None)
        check(message is not None and "unknown quest 'no-such-quest'" in message.text, "a refused tick is explained on the page")
        box = driver.find_element(By.CSS_SELECTOR, 'input[data-entry="no-such-quest"]')
        check(not box.is_selected(), "a refused tick is undone")
        check(playthrough.read_bytes().decode() == AFTER, "a refused tick leaves the file alone")
    finally:
        driver.quit()
    print(f"{len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
