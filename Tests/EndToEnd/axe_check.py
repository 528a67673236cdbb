#!/usr/bin/env python3
"""Accessibility and behaviour checks of a built Questlog site in headless Chromium.

Usage: axe_check.py OUTPUT_DIR [--game GAME] [--kind FOLDER]

Opens the home page, a game page, a kind index, an entry page and the game's graph page from
file://, in the light and the dark colour scheme, runs axe-core on each and fails on any serious or
critical violation. Then checks the kind index's script: the text filter (accent-insensitive), the
"incomplete only" toggle, the status line and column sorting; and the graph: the entry's picture
links as many entries as its list, and the graph page's kind filter hides and shows a kind's nodes. Exits 1 on any failure, 2 on a setup problem.
"""

import argparse
import html.parser
import os
import re
import sys
import time
import unicodedata

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

try:
    from axe_core_python.base import AXE_SCRIPT
except ImportError:  # pragma: no cover - reported by the caller's install step
    sys.exit("axe_check: the axe-core-python package is missing (pip install axe-core-python)")

BLOCKING_IMPACTS = {"serious", "critical"}
# Rules that fail the check whatever axe's impact: headings that skip a level (a note's `##`
# under the page's "Notes" heading, a box's list headings) mislead screen reader navigation.
BLOCKING_RULES = {"heading-order"}
failures = []


def fail(message):
    failures.append(message)
    print(f"  FAIL {message}")


def ok(message):
    print(f"  ok   {message}")


# ---------- Finding the pages ----------

def pick_pages(root, game, kind=None):
    """Home, a game, a kind index (the one asked for, else quests, else the first) and an entry of that kind."""
    home = os.path.join(root, "index.html")
    if not os.path.isfile(home):
        sys.exit(f"axe_check: no index.html in {root}")
    games = sorted(
        name for name in os.listdir(root)
        if os.path.isfile(os.path.join(root, name, "index.html")) and name not in ("assets", "exports")
    )
    if not games:
        sys.exit("axe_check: the site has no game pages")
    game = game if game in games else games[0]
    game_dir = os.path.join(root, game)
    kinds = sorted(
        name for name in os.listdir(game_dir)
        if os.path.isfile(os.path.join(game_dir, name, "index.html"))
    )
    if not kinds:
        sys.exit(f"axe_check: the game {game} has no kind index")
    kind = kind if kind in kinds else "quests" if "quests" in kinds else kinds[0]
    entries = sorted(name for name in os.listdir(os.path.join(game_dir, kind))
                     if name.endswith(".html") and name != "index.html")
    pages = {
        "home": home,
        "game": os.path.join(game_dir, "index.html"),
        "kind index": os.path.join(game_dir, kind, "index.html"),
    }
    if entries:
        # The entry with the most relations shows the most of the theme.
        pages["entry"] = max((os.path.join(game_dir, kind, name) for name in entries), key=os.path.getsize)
    if os.path.isfile(os.path.join(game_dir, "graph.html")):
        pages["graph"] = os.path.join(game_dir, "graph.html")
    return game, kind, pages


# ---------- Static check: the page works without JavaScript ----------

class NoScriptView(html.parser.HTMLParser):
    """Collects what matters when scripts do not run: hidden rows, the filter panel's state."""

    def __init__(self):
        super().__init__()
        self.rows = 0
        self.hidden_rows = 0
        self.filters_hidden = None
        self.in_body = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "tbody":
            self.in_body = True
        if tag == "tr" and self.in_body:
            self.rows += 1
            if "hidden" in attributes:
                self.hidden_rows += 1
        if "data-filters" in attributes:
            self.filters_hidden = "hidden" in attributes

    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_body = False


def check_without_script(path):
    view = NoScriptView()
    with open(path, encoding="utf-8") as page:
        view.feed(page.read())
    if view.rows == 0:
        fail("kind index: the table has no rows")
    elif view.hidden_rows:
        fail(f"kind index without JavaScript: {view.hidden_rows} rows are hidden")
    else:
        ok(f"kind index without JavaScript: all {view.rows} rows show")
    if view.filters_hidden is not True:
        fail("kind index without JavaScript: the filter controls should be hidden (they need the script)")
    else:
        ok("kind index without JavaScript: the filter controls stay hidden")


# ---------- Browser ----------

def make_driver():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--window-size=1280,900", "--lang=en-US"):
        options.add_argument(argument)
    for binary in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"):
        if os.path.exists(binary):
            options.binary_location = binary
            break
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = next((path for path in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
                        if os.path.exists(path)), None)
    service = Service(driver_path) if driver_path else Service()
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    return driver


def open_page(driver, path, scheme="light"):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.get("file://" + os.path.abspath(path))
    driver.execute_script("return document.readyState")


def console_errors(driver):
    try:
        entries = driver.get_log("browser")
    except WebDriverException:
        return []
    return [entry["message"] for entry in entries if entry.get("level") == "SEVERE"]


def run_axe(driver):
    driver.execute_script(AXE_SCRIPT)
    options = {"resultTypes": ["violations"]}
    return driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(function (r) { done(r); },"
        " function (e) { done({error: String(e)}); });",
        options,
    )


def check_accessibility(driver, name, path):
    for scheme in ("light", "dark"):
        open_page(driver, path, scheme)
        # Fold-outs open, so the checks see every control.
        driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
        result = run_axe(driver)
        if "error" in result:
            fail(f"{name} ({scheme}): axe did not run: {result['error']}")
            continue
        blocking = [v for v in result["violations"] if v.get("impact") in BLOCKING_IMPACTS or v["id"] in BLOCKING_RULES]
        minor = [v for v in result["violations"] if v not in blocking]
        for violation in blocking:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:5]]
            fail(f"{name} ({scheme}): [{violation['impact']}] {violation['id']}: {violation['help']}"
                 f" ({len(violation['nodes'])} nodes: {'; '.join(targets)})")
            for node in violation["nodes"][:3]:
                summary = (node.get("failureSummary") or "").replace("\n", " ")
                print(f"         {summary[:300]}")
        if not blocking:
            extra = f"; {len(minor)} minor/moderate: {', '.join(v['id'] for v in minor)}" if minor else ""
            ok(f"{name} ({scheme}): no serious or critical axe violations, headings in order{extra}")
        errors = console_errors(driver)
        for error in errors:
            fail(f"{name} ({scheme}): browser console error: {error}")


# ---------- The relationship graph ----------

def check_graph(driver, pages):
    """The entry's picture links to entries; the graph page's kind filter hides a kind's nodes."""
    open_page(driver, pages["entry"])
    links = driver.execute_script("return document.querySelectorAll('.graph-svg a.graph-node').length")
    listed = driver.execute_script("return document.querySelectorAll('.graph-list a').length")
    if links and links == listed:
        ok(f"entry: the graph has {links} node links, and its list the same number")
    else:
        fail(f"entry: the graph has {links} node links and its list {listed}")
    if "graph" not in pages:
        return
    open_page(driver, pages["graph"])
    shown = "return Array.prototype.filter.call(document.querySelectorAll('.graph-svg .graph-node'),"\
            " function (n) { return n.getBoundingClientRect().width > 0; }).length"
    total = driver.execute_script(shown)
    if not driver.find_element(By.CSS_SELECTOR, ".graph-filter").is_displayed():
        fail("graph page: the kind filter does not show with JavaScript")
        return
    box = driver.find_element(By.CSS_SELECTOR, ".graph-filter input")
    kind = box.get_attribute("value")
    of_kind = driver.execute_script(f"return document.querySelectorAll('.graph-svg .graph-node.graph-k{kind}').length")
    box.click()
    after = driver.execute_script(shown)
    if of_kind and after == total - of_kind:
        ok(f"graph page: unticking a kind hides its {of_kind} of {total} nodes")
    else:
        fail(f"graph page: unticking kind {kind} ({of_kind} nodes) left {after} of {total} showing")
    box.click()
    if driver.execute_script(shown) != total:
        fail("graph page: ticking the kind again does not bring its nodes back")


# ---------- Behaviour of the kind index ----------

def fold(text):
    """The same folding as the theme's script, for choosing test input."""
    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace("đ", "d")


# The name is the row's header cell (a picture column may come before it).
NAME = "function name(r) { return r.querySelector('th[scope=row]').getAttribute('data-sort'); }\n"

STATE_SCRIPT = NAME + """
var rows = Array.prototype.slice.call(document.querySelectorAll('table[data-entries] tbody tr'));
return {
  total: rows.length,
  visible: rows.filter(function (r) { return !r.hidden && r.offsetParent !== null; }).map(function (r) {
    return {name: name(r), text: r.textContent, complete: r.getAttribute('data-complete')};
  }),
  order: rows.map(name),
  status: (document.querySelector('.filter-status') || {}).textContent || '',
  filtersShown: !!document.querySelector('[data-filters]') && !document.querySelector('[data-filters]').hidden
};
"""


def state(driver):
    return driver.execute_script(STATE_SCRIPT)


def type_filter(driver, text):
    box = driver.find_element(By.ID, "ql-filter")
    # Select and replace, as a person would: clear() alone sends no input event.
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if text:
        box.send_keys(text)
    # The script filters on the next animation frame.
    time.sleep(0.15)


def check_behaviour(driver, path):
    open_page(driver, path)
    start = state(driver)
    total = start["total"]
    if not start["filtersShown"]:
        fail("kind index: the script did not show the filter controls")
        return
    ok("kind index: the script shows the filter controls")
    if len(start["visible"]) != total:
        fail(f"kind index: {len(start['visible'])} of {total} rows show before any filter")
    numbers = re.findall(r"\d+", start["status"])
    if numbers[:2] != [str(total), str(total)]:
        fail(f"kind index: status line {start['status']!r} should say {total} of {total}")
    else:
        ok(f"kind index: status line reads {start['status']!r}")

    # Text filter: a whole name narrows the table to that row (and rows that mention it).
    names = [row["name"] for row in start["visible"]]
    target = max(names, key=lambda name: (sum(1 for row in start["visible"] if name in row["text"]) == 1, len(name)))
    type_filter(driver, target)
    after = state(driver)
    shown = [row["name"] for row in after["visible"]]
    if target not in shown or len(shown) >= total:
        fail(f"kind index: filtering by {target!r} shows {len(shown)} of {total} rows: {shown[:5]}")
    elif any(fold(target) not in fold(row["text"]) for row in after["visible"]):
        fail(f"kind index: filtering by {target!r} left rows that do not contain it")
    else:
        ok(f"kind index: typing {target!r} hides the other rows ({len(shown)} of {total} show)")
    if str(len(shown)) not in re.findall(r"\d+", after["status"])[:2]:
        fail(f"kind index: status line {after['status']!r} does not count {len(shown)} rows")

    # Accent- and case-insensitive: a word with Latin accents, typed without them, in capitals.
    accented = None
    for row in start["visible"]:
        for word in re.findall(r"\w+", row["text"]):
            if fold(word) != word.lower() and fold(word).isascii() and len(word) > 3:
                accented = word
                break
        if accented:
            break
    if accented:
        plain = fold(accented).upper()
        type_filter(driver, plain)
        after = state(driver)
        expected = sum(1 for row in start["visible"] if fold(accented) in fold(row["text"]))
        if len(after["visible"]) != expected or expected == 0:
            fail(f"kind index: {plain!r} should match {expected} rows containing {accented!r}, "
                 f"matched {len(after['visible'])}")
        else:
            ok(f"kind index: {plain!r} matches the {expected} rows with {accented!r}")

    # Nothing matches: every row hides and the status says so.
    type_filter(driver, "zzqx-no-such-entry")
    after = state(driver)
    empty_text = driver.execute_script("return document.querySelector('.filter-status').getAttribute('data-empty')")
    if after["visible"] or after["status"] != empty_text:
        fail(f"kind index: a filter matching nothing shows {len(after['visible'])} rows, status {after['status']!r}")
    else:
        ok("kind index: a filter matching nothing hides every row and says so")
    type_filter(driver, "")
    if len(state(driver)["visible"]) != total:
        fail("kind index: clearing the filter does not bring every row back")

    # "Incomplete only" (quests) or the first toggle of another kind.
    toggle = driver.execute_script(
        "var t = document.getElementById('toggle-complete') || document.querySelector('input[data-field][data-value]');"
        "return t ? [t.id, t.getAttribute('data-field'), t.getAttribute('data-value'), t.parentNode.textContent.trim()] : null;")
    if toggle:
        box_id, field, value, label = toggle
        attribute = "data-" + field.replace("_", "-")
        expected = driver.execute_script(
            NAME + "return Array.prototype.map.call(document.querySelectorAll('table[data-entries] tbody tr[' + arguments[0] + '=\"' + arguments[1] + '\"]'),"
            " name);", attribute, value)
        driver.find_element(By.ID, box_id).click()
        time.sleep(0.1)
        shown = sorted(row["name"] for row in state(driver)["visible"])
        if sorted(expected) != shown or not expected or len(expected) == total:
            fail(f"kind index: ticking {label!r} shows {len(shown)} rows, expected {len(expected)} with {attribute}={value}")
        else:
            ok(f"kind index: ticking {label!r} leaves only the {len(shown)} rows with {attribute}={value}")
        driver.find_element(By.ID, box_id).click()
        time.sleep(0.1)
        if len(state(driver)["visible"]) != total:
            fail(f"kind index: unticking {label!r} does not bring every row back")
    else:
        fail("kind index: no toggle to check")

    # Sorting: the first sortable header sorts by name; a second click reverses.
    buttons = driver.find_elements(By.CSS_SELECTOR, "table[data-entries] thead th button")
    if len(buttons) < 2:
        fail("kind index: the column headers have no sort buttons")
        return
    buttons[0].click()
    ascending = state(driver)["order"]
    sort_state = driver.execute_script("return document.querySelector('table[data-entries] thead th[data-type]').getAttribute('aria-sort')")
    buttons[0].click()
    descending = state(driver)["order"]
    sort_state_2 = driver.execute_script("return document.querySelector('table[data-entries] thead th[data-type]').getAttribute('aria-sort')")
    if sort_state != "ascending" or sort_state_2 != "descending":
        fail(f"kind index: aria-sort goes {sort_state!r} then {sort_state_2!r}, expected ascending then descending")
    # (The page's own order may already be either one: the browser's collation of the page's
    # language need not match the build's order, as with Japanese names.)
    elif descending != list(reversed(ascending)) or descending == ascending:
        fail("kind index: a second click on the name header does not reverse the order")
    else:
        ok("kind index: clicking the name header sorts, a second click reverses (aria-sort follows)")
    # Another column: the order must change from the name order and follow the cells' sort keys.
    buttons[1].click()
    by_column = state(driver)["order"]
    column = driver.execute_script("return arguments[0].closest('th').cellIndex", buttons[1])
    keys = driver.execute_script(
        "var c = arguments[0]; return Array.prototype.map.call(document.querySelectorAll('table[data-entries] tbody tr'),"
        " function (r) { return r.cells[c].getAttribute('data-sort'); });", column)
    column_type = driver.execute_script("return document.querySelectorAll('table[data-entries] thead th')[arguments[0]].getAttribute('data-type')", column)
    present = [key for key in keys if key != ""]
    if column_type in ("number", "bool"):
        in_order = all(float(a) <= float(b) for a, b in zip(present, present[1:]))
    else:
        in_order = True  # text order is the browser's collation; checked by the change below
    if by_column == descending or not in_order or keys[:len(present)] != present:
        fail(f"kind index: sorting by the second column ({column_type}) gave keys {keys[:8]}")
    else:
        ok(f"kind index: clicking the second header ({column_type}) reorders the rows by it")
    for error in console_errors(driver):
        fail(f"kind index: browser console error: {error}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the built site (Output/)")
    parser.add_argument("--game", default="elden-ring", help="the game whose pages are checked")
    parser.add_argument("--kind", help="the kind folder whose index and entry are checked (default: quests)")
    args = parser.parse_args()
    root = os.path.abspath(args.output)
    game, kind, pages = pick_pages(root, args.game, args.kind)
    print(f"axe_check: {', '.join(os.path.relpath(path, root) for path in pages.values())}")
    started = time.monotonic()
    check_without_script(pages["kind index"])
    try:
        driver = make_driver()
    except WebDriverException as error:
        print(f"axe_check: cannot start headless Chromium: {error.msg}", file=sys.stderr)
        return 2
    try:
        for name, path in pages.items():
            check_accessibility(driver, name, path)
        check_behaviour(driver, pages["kind index"])
        if "entry" in pages:
            check_graph(driver, pages)
    except WebDriverException as error:
        fail(f"browser error: {error.msg}")
    finally:
        driver.quit()
    elapsed = time.monotonic() - started
    if failures:
        print(f"axe_check: {len(failures)} problem(s) in {elapsed:.1f} s")
        return 1
    print(f"axe_check: all checks passed in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
