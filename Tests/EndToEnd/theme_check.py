#!/usr/bin/env python3
"""The theme on a phone and a desktop, in light and dark, in headless Chromium from file://.

Usage: theme_check.py OUTPUT_DIR [--game GAME] [--kind FOLDER]

At a phone viewport (390x844, touch) and a desktop one (1280x900), each in the light and the dark
colour scheme, checks that
  - an entry page shows its notes before its Details and Connections boxes (on the phone above
    them, on the desktop beside them), and axe finds nothing serious and no heading-order problem;
  - the header is one row on the phone (the games behind a <details> menu that opens and closes,
    the search behind an icon, no "/" key hint on a touch screen) and shows the games on the desktop;
  - a kind table scrolls with the page (no scroll box of its own in the vertical) and its header row
    stays at the top of the window when the page scrolls past it;
  - the filters, a hidden column and a parameter of another script's control survive a reload (the
    state is in the address), `questlog:refresh` runs the filters again, and "Clear filters" empties
    the query;
  - the theme button cycles system, light and dark, the choice outlives a reload and is applied
    before the page's style sheets, and theme-color follows the page's scheme.
Exits 1 on any failure, 2 on a setup problem.
"""

import argparse
import os
import sys
import time
from urllib.parse import parse_qs, urlparse

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from axe_check import BLOCKING_IMPACTS, BLOCKING_RULES, make_driver, pick_pages, run_axe  # noqa: E402

failures = []
VIEWPORTS = {"phone": (390, 844, True), "desktop": (1280, 900, False)}


def fail(message):
    failures.append(message)
    print(f"  FAIL {message}")


def ok(message):
    print(f"  ok   {message}")


def check(condition, message, detail=""):
    if condition:
        ok(message)
    else:
        fail(f"{message}{': ' + detail if detail else ''}")
    return condition


def emulate(driver, viewport, scheme):
    width, height, mobile = VIEWPORTS[viewport]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5 if mobile else 1})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme},
        {"name": "hover", "value": "none" if mobile else "hover"},
        {"name": "pointer", "value": "coarse" if mobile else "fine"},
    ]})


def load(driver, url):
    driver.get(url)
    driver.execute_script("return document.readyState")
    time.sleep(0.2)


def box(driver, selector):
    return driver.execute_script(
        "var e = document.querySelector(arguments[0]); if (!e) return null;"
        "var r = e.getBoundingClientRect(); return {top: r.top + scrollY, left: r.left, bottom: r.bottom + scrollY,"
        " right: r.right, height: r.height, width: r.width,"
        " shown: e.checkVisibility ? e.checkVisibility() : !!(e.offsetParent || e.getClientRects().length)};", selector)


def file_url(path):
    return "file://" + os.path.abspath(path)


def axe(driver, label):
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
    result = run_axe(driver)
    if "error" in result:
        fail(f"{label}: axe did not run: {result['error']}")
        return
    blocking = [v for v in result["violations"] if v.get("impact") in BLOCKING_IMPACTS or v["id"] in BLOCKING_RULES]
    detail = "; ".join(f"{v['id']} ({' '.join(map(str, v['nodes'][0]['target']))})" for v in blocking)
    check(not blocking, f"{label}: axe finds nothing serious and headings are in order", detail)
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = false; });")


# ---------- Entry page and header ----------

def check_entry(driver, path, viewport, scheme):
    label = f"entry ({viewport}, {scheme})"
    load(driver, file_url(path))
    notes, panel = box(driver, ".entry > .notes"), box(driver, ".entry > .panel")
    if not notes or not panel:
        fail(f"{label}: the entry page needs notes and a box to compare ({path})")
        return
    if viewport == "phone":
        check(notes["top"] < panel["top"] and abs(notes["left"] - panel["left"]) < 2,
              f"{label}: the notes come first, above the boxes", f"notes {notes}, box {panel}")
    else:
        check(notes["left"] < panel["left"] and notes["top"] <= panel["top"] + 1,
              f"{label}: the notes come first, the boxes beside them", f"notes {notes}, box {panel}")
    order = driver.execute_script(
        "var n = document.querySelector('.entry > .notes'), p = document.querySelector('.entry > .panel');"
        "return !!(n.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING);")
    check(order, f"{label}: the notes come before the boxes in reading and tab order")
    check_header(driver, label, viewport)
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    dark = sum(int(part) for part in background[background.index("(") + 1:background.index(")")].split(",")[:3]) < 200
    check(dark == (scheme == "dark"), f"{label}: the page follows the {scheme} scheme", background)
    axe(driver, label)


def check_header(driver, label, viewport):
    parts = [".site-title", ".ql-search-input", "[data-theme-toggle]"]
    if viewport == "phone":
        parts.append(".site-menu > summary")
    boxes = {part: box(driver, part) for part in parts}
    missing = [part for part, found in boxes.items() if not found or not found["shown"]]
    if missing:
        fail(f"{label}: the header lacks {', '.join(missing)}")
        return
    middles = [found["top"] + found["height"] / 2 for found in boxes.values()]
    header = box(driver, ".site-header")
    key_shown = driver.execute_script(
        "var k = document.querySelector('.ql-search-key'); return !!k && getComputedStyle(k).display !== 'none';")
    touch = driver.execute_script("return matchMedia('(hover: none), (pointer: coarse)').matches")
    if viewport == "phone":
        check(max(middles) - min(middles) < 12 and header["height"] < 72,
              f"{label}: the header is one row ({header['height']:.0f}px)", f"{boxes}")
        check(not box(driver, ".site-menu ul")["shown"], f"{label}: the games are behind the menu button")
        driver.find_element(By.CSS_SELECTOR, ".site-menu > summary").click()
        time.sleep(0.1)
        link = box(driver, ".site-menu ul a")
        check(link and link["shown"] and link["height"] > 20, f"{label}: the menu button shows the games")
        driver.find_element(By.CSS_SELECTOR, ".site-menu > summary").click()
        time.sleep(0.1)
        check(not box(driver, ".site-menu ul")["shown"], f"{label}: a second press folds the menu")
        search = box(driver, ".ql-search-input")
        check(search["width"] < 60, f"{label}: the search is an icon until used ({search['width']:.0f}px)")
        driver.execute_script("document.querySelector('.ql-search-input').focus()")
        time.sleep(0.1)
        check(box(driver, ".ql-search-input")["width"] > 250, f"{label}: focused, the search box takes the header's width")
        driver.execute_script("document.activeElement.blur()")
        check(touch and not key_shown, f"{label}: no '/' key hint on a touch screen")
    else:
        link = box(driver, ".site-nav a")
        check(link and link["shown"], f"{label}: the games show in the header")
        check(not box(driver, ".site-menu > summary")["shown"], f"{label}: no menu button on a wide screen")
        if touch:
            # Headless Chromium may say it has no hovering pointer even at a desktop size.
            check(not key_shown, f"{label}: no '/' key hint where the browser reports no hovering pointer")
        else:
            check(key_shown, f"{label}: the '/' key hint shows with a mouse and keyboard")


# ---------- Kind table ----------

def check_table_scroll(driver, path, viewport, scheme):
    label = f"kind index ({viewport}, {scheme})"
    load(driver, file_url(path))
    inner = driver.execute_script(
        "var w = document.querySelector('.table-wrap'); var s = getComputedStyle(w);"
        "return {scroll: w.scrollHeight, client: w.clientHeight, overflowY: s.overflowY, maxHeight: s.maxHeight,"
        " page: document.scrollingElement.scrollHeight, window: innerHeight};")
    check(inner["scroll"] <= inner["client"] + 1 and inner["maxHeight"] == "none",
          f"{label}: the table has no scroll box of its own in the vertical", f"{inner}")
    table = box(driver, "table[data-entries]")
    head = box(driver, "table[data-entries] thead th")
    if table["height"] < inner["window"] + 2 * head["height"]:
        ok(f"{label}: the table fits in the window; sticky header not exercised")
        return
    check(inner["page"] > inner["window"], f"{label}: the page scrolls, not the table")
    target = table["top"] + min(600, table["height"] / 2)
    driver.execute_script("window.scrollTo(0, arguments[0])", target)
    time.sleep(0.3)
    top = driver.execute_script("return document.querySelector('table[data-entries] thead th').getBoundingClientRect().top")
    check(abs(top) < 3, f"{label}: scrolled past its top, the header row stays at the top of the window", f"top {top:.1f}")
    driver.execute_script("window.scrollTo(0, 0)")


def query(driver):
    return parse_qs(urlparse(driver.current_url).query)


VISIBLE = ("return Array.prototype.filter.call(document.querySelectorAll('table[data-entries] tbody tr'),"
           " function (r) { return !r.hidden; }).length")


def check_filter_state(driver, path):
    label = "kind index (filters in the address)"
    load(driver, file_url(path))
    total = driver.execute_script(VISIBLE)
    toggle = driver.execute_script(
        "var t = document.querySelector('input[data-field][data-value]'); return t ? [t.id, t.name, t.value] : null;")
    column = driver.execute_script("var c = document.querySelector('input[data-column]'); return c ? c.value : null;")
    if not toggle or not column:
        fail(f"{label}: the kind index needs a toggle and a column to hide")
        return
    box_id, name, value = toggle
    driver.execute_script("document.getElementById(arguments[0]).click()", box_id)
    time.sleep(0.1)
    filtered = driver.execute_script(VISIBLE)
    driver.execute_script(
        "document.querySelector('.filter-columns').open = true;"
        "document.querySelector('input[data-column=\"' + arguments[0] + '\"]').click()", column)
    time.sleep(0.1)
    # Another script's control, added after the page loaded, is kept in the address too.
    driver.execute_script(
        "var s = document.createElement('select'); s.name = 'later';"
        "s.innerHTML = '<option value=\"\">All</option><option value=\"ng-plus\">NG+</option>';"
        "document.querySelector('[data-filters]').appendChild(s); s.value = 'ng-plus';"
        "s.dispatchEvent(new Event('change', {bubbles: true}));")
    time.sleep(0.1)
    params = query(driver)
    check(params.get(name) == [value] and params.get("hide") == [column] and params.get("later") == ["ng-plus"],
          f"{label}: the toggle, the hidden column and a later select are in the query", driver.current_url)
    check(0 < filtered < total, f"{label}: the toggle filters ({filtered} of {total})")
    driver.refresh()
    time.sleep(0.4)
    restored = driver.execute_script(
        "var c = document.querySelector('th[data-key=\"' + arguments[1] + '\"]');"
        "return {checked: document.getElementById(arguments[0]).checked, visible: " + VISIBLE.replace("return ", "", 1) +
        ", hidden: c ? c.hidden : null, status: document.querySelector('.filter-status').textContent};", box_id, column)
    check(restored["checked"] and restored["visible"] == filtered and restored["hidden"] is True,
          f"{label}: after a reload the toggle, the rows and the hidden column are as they were", f"{restored}")
    check(query(driver).get("later") == ["ng-plus"], f"{label}: a parameter of a control not on the page is kept")
    # questlog:refresh: another script changes a row and asks the filters to run again.
    attribute = "data-" + driver.execute_script("return document.getElementById(arguments[0]).getAttribute('data-field')",
                                                box_id).replace("_", "-")
    wanted = driver.execute_script("return document.getElementById(arguments[0]).getAttribute('data-value')", box_id)
    other = "false" if wanted == "true" else "true"
    changed = driver.execute_script(
        "var rows = document.querySelectorAll('table[data-entries] tbody tr[' + arguments[0] + '=\"' + arguments[1] + '\"]');"
        "rows[0].setAttribute(arguments[0], arguments[2]);"
        "document.querySelector('[data-filters]').dispatchEvent(new CustomEvent('questlog:refresh'));"
        "return rows[0].hidden;", attribute, wanted, other)
    check(changed is True and driver.execute_script(VISIBLE) == filtered - 1,
          f"{label}: questlog:refresh runs the filters again on changed rows")
    # Sorting still works with a hidden column.
    driver.find_elements(By.CSS_SELECTOR, "table[data-entries] thead th button")[0].click()
    check(driver.execute_script("return document.querySelector('table[data-entries] thead th[aria-sort]') !== null"),
          f"{label}: sorting works with a column hidden")
    driver.find_element(By.CSS_SELECTOR, "[data-filter-reset]").click()
    time.sleep(0.1)
    params = query(driver)
    check(name not in params and params.get("hide") == [column] and driver.execute_script(VISIBLE) == total,
          f"{label}: 'Clear filters' empties the filters but keeps the columns", driver.current_url)


# ---------- Theme button ----------

def check_theme_toggle(driver, path):
    label = "theme button"
    emulate(driver, "desktop", "dark")
    load(driver, file_url(path))
    driver.execute_script("localStorage.removeItem('questlog-theme')")
    load(driver, file_url(path))
    head = driver.execute_script(
        "var h = document.head.children, script = -1, sheet = -1;"
        "for (var i = 0; i < h.length; i++) {"
        "  if (script < 0 && h[i].tagName === 'SCRIPT' && !h[i].src && h[i].textContent.indexOf('questlog-theme') !== -1) script = i;"
        "  if (sheet < 0 && h[i].tagName === 'LINK' && h[i].rel === 'stylesheet') sheet = i; }"
        "return [script, sheet];")
    check(0 <= head[0] < head[1], f"{label}: the stored choice is applied by a script before the style sheets")
    state = lambda: driver.execute_script(
        "var b = document.querySelector('[data-theme-toggle]'); return {theme: document.documentElement.getAttribute('data-theme'),"
        " choice: b.getAttribute('data-choice'), name: b.textContent, light: (b.getAttribute('data-names') || '').split('|')[1], stored: localStorage.getItem('questlog-theme'),"
        " colour: document.querySelector('meta[name=theme-color]').content,"
        " background: getComputedStyle(document.body).backgroundColor, hidden: b.hidden};")
    start = state()
    check(not start["hidden"] and start["choice"] == "system" and start["theme"] is None and start["colour"] == "#0d0f13",
          f"{label}: shown, starting at the system's choice", f"{start}")
    button = driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]")
    button.click()
    light = state()
    check(light["theme"] == "light" and light["stored"] == "light" and light["background"] != start["background"]
          and light["colour"] == "#23272f",
          f"{label}: a press picks light over the system's dark", f"{light}")
    driver.refresh()
    time.sleep(0.3)
    again = state()
    check(again["theme"] == "light" and again["background"] == light["background"] and again["choice"] == "light" and again["light"] in again["name"],
          f"{label}: the choice outlives a reload", f"{again}")
    driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").click()
    dark = state()
    check(dark["theme"] == "dark" and dark["stored"] == "dark" and dark["colour"] == "#0d0f13",
          f"{label}: a second press picks dark (theme-color follows)", f"{dark}")
    driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").click()
    system = state()
    check(system["theme"] is None and system["stored"] is None and system["choice"] == "system",
          f"{label}: a third press goes back to the system's choice", f"{system}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the built site (Output/)")
    parser.add_argument("--game", default="elden-ring")
    parser.add_argument("--kind", help="the kind folder whose index and entry are checked (default: quests)")
    args = parser.parse_args()
    root = os.path.abspath(args.output)
    game, _, pages = pick_pages(root, args.game, args.kind)
    # The page-scrolling checks want a table taller than the window: the game's longest index.
    game_dir = os.path.join(root, game)
    longest = max((os.path.join(game_dir, name, "index.html") for name in os.listdir(game_dir)
                   if os.path.isfile(os.path.join(game_dir, name, "index.html"))), key=os.path.getsize)
    print(f"theme_check: {', '.join(os.path.relpath(p, root) for p in (pages['entry'], pages['kind index'], longest))}")
    if "entry" not in pages:
        print("theme_check: the kind has no entries", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        driver = make_driver()
    except WebDriverException as error:
        print(f"theme_check: cannot start headless Chromium: {error.msg}", file=sys.stderr)
        return 2
    try:
        for viewport in VIEWPORTS:
            for scheme in ("light", "dark"):
                emulate(driver, viewport, scheme)
                check_entry(driver, pages["entry"], viewport, scheme)
                check_table_scroll(driver, longest, viewport, scheme)
        emulate(driver, "phone", "light")
        check_filter_state(driver, pages["kind index"])
        check_theme_toggle(driver, pages["entry"])
        for entry in driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                fail(f"browser console error: {entry['message']}")
    except WebDriverException as error:
        fail(f"browser error: {error.msg}")
    finally:
        driver.quit()
    elapsed = time.monotonic() - started
    if failures:
        print(f"theme_check: {len(failures)} problem(s) in {elapsed:.1f} s")
        return 1
    print(f"theme_check: all checks passed in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
