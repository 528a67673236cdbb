#!/usr/bin/env python3
"""Drives the playthrough features of the built playthroughs fixture site in headless Chromium,
opened from file://.

Usage: playthroughs_check.py OUTPUT_DIR [SERVED_SITE_DIR BASE_URL]

Checks that the kind table's playthrough selector rewrites the state column and the "Incomplete
only" filter and keeps the choice in the address, that the comparison page filters ("Open in …",
kinds, text) and sorts like a kind table, that an entry page's spoilers follow ?playthrough=, and
that search keeps the results open in one playthrough, and that axe-core finds no serious or
critical problem on these pages, light and dark. Given a site served by `questlog serve` (a copy of
the fixture), it also ticks a box on a real playthrough page and checks that the file and the page
follow. Prints a summary and exits with 1 when
anything fails.
"""

import sys
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import Report, make_driver, page_url, wait

BLOCKING_IMPACTS = {"serious", "critical"}

try:
    from axe_core_python.base import AXE_SCRIPT
except ImportError:
    AXE_SCRIPT = None




def visible_rows(driver):
    """The ids (page names) of the table rows shown, in order."""
    return driver.execute_script("""
        return Array.prototype.filter.call(document.querySelectorAll('table[data-entries] tbody tr'),
          function (row) { return !row.hidden; })
          .map(function (row) { return row.querySelector('th a').getAttribute('href').split('/').pop().split('?')[0]; });
    """)


def ready(driver):
    """The filters panel is shown once the table script has run."""
    return wait(driver, lambda d: d.execute_script(
        "var f = document.querySelector('[data-filters]'); return f && !f.hidden;"))


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def check_kind_table(driver, root, report):
    print("Kind table: the playthrough selector")
    driver.get(page_url(root, "elden-ring/quests/index.html"))
    ready(driver)
    select = Select(driver.find_element(By.CSS_SELECTOR, "[data-filters] select[name=playthrough]"))
    report.check(select.first_selected_option.get_attribute("value") == "kaito", "the first playthrough by id is chosen",
                 select.first_selected_option.get_attribute("value"))
    driver.find_element(By.ID, "toggle-complete").click()
    rows = visible_rows(driver)
    report.check(rows == ["lost-letter.html", "rannis-service.html", "the-academy.html"],
                 "'Incomplete only' shows what Kaito has left", str(rows))
    select.select_by_value("wren")
    wait(driver, lambda d: "rannis-service.html" not in visible_rows(d))
    rows = visible_rows(driver)
    report.check(rows == ["lost-letter.html", "the-academy.html"], "choosing Wren re-applies the filter to Wren's progress", str(rows))
    states = driver.execute_script("""
        return Array.prototype.map.call(document.querySelectorAll('table[data-entries] tbody tr'), function (row) {
          return row.getAttribute('data-complete') + ':' + row.querySelector('td[data-key=complete] .bool').textContent;
        });""")
    report.check(sorted(states) == sorted(["true:Yes", "true:Yes", "false:No", "false:No"]),
                 "the state column follows Wren", str(states))
    query = driver.current_url.split("?", 1)[1] if "?" in driver.current_url else ""
    report.check("playthrough=wren" in query.split("&"), "the choice is kept in the address", driver.current_url)
    driver.get(page_url(root, "elden-ring/quests/index.html", {"playthrough": "wren"}))
    ready(driver)
    select = Select(driver.find_element(By.CSS_SELECTOR, "[data-filters] select[name=playthrough]"))
    report.check(select.first_selected_option.get_attribute("value") == "wren", "?playthrough=wren chooses Wren on load",
                 select.first_selected_option.get_attribute("value"))
    sorted_by_state = driver.execute_script("""
        var header = document.querySelector('th[data-key=complete] button'); header.click();
        return Array.prototype.map.call(document.querySelectorAll('table[data-entries] tbody tr'),
          function (row) { return row.getAttribute('data-complete'); });""")
    report.check(sorted_by_state == ["false", "false", "true", "true"], "sorting by the state column uses the chosen playthrough",
                 str(sorted_by_state))
    report.check(not console_errors(driver), "no script errors", "; ".join(console_errors(driver)))


def check_comparison(driver, root, report):
    print("Comparison page: filters and sorting")
    driver.get(page_url(root, "elden-ring/progress.html"))
    ready(driver)
    report.check(len(visible_rows(driver)) == 10, "every progress entry is a row", str(len(visible_rows(driver))))
    driver.find_element(By.ID, "toggle-open-kaito").click()
    rows = visible_rows(driver)
    report.check(len(rows) == 9 and "go-to-the-castle.html" not in rows, "'Open in Kaito' hides what Kaito has done", str(rows))
    report.check("pt-kaito=0" in driver.current_url, "the filter is kept in the address", driver.current_url)
    driver.get(page_url(root, "elden-ring/progress.html", {"pt-kaito": "0"}))
    ready(driver)
    rows = visible_rows(driver)
    report.check(len(rows) == 9, "?pt-kaito=0 opens the page filtered", str(rows))
    driver.find_element(By.ID, "toggle-done-wren").click()
    rows = sorted(visible_rows(driver))
    report.check(rows == ["church-of-elleh.html", "godrick.html", "rannis-service.html", "stormveil-castle.html", "stray-wolf.html"],
                 "with 'Done in Wren': what Wren has and Kaito has not", str(rows))
    driver.find_element(By.CSS_SELECTOR, "input[data-tag=location]").click()
    rows = sorted(visible_rows(driver))
    report.check(rows == ["church-of-elleh.html", "stormveil-castle.html"], "a kind box keeps that kind", str(rows))
    driver.find_element(By.CSS_SELECTOR, "[data-filter-reset]").click()
    box = driver.find_element(By.ID, "ql-filter")
    box.send_keys("castle")
    wait(driver, lambda d: len(visible_rows(d)) == 2)
    rows = sorted(visible_rows(driver))
    report.check(rows == ["go-to-the-castle.html", "stormveil-castle.html"], "the text filter", str(rows))
    driver.find_element(By.CSS_SELECTOR, "[data-filter-reset]").click()
    order = driver.execute_script("""
        var headers = document.querySelectorAll('table[data-entries] thead th');
        var wren = Array.prototype.find.call(headers, function (th) { return th.textContent.trim() === 'Wren'; });
        wren.querySelector('button').click(); wren.querySelector('button').click();
        return Array.prototype.map.call(document.querySelectorAll('table[data-entries] tbody tr'),
          function (row) { return row.getAttribute('data-pt-wren'); });""")
    report.check(order == ["true"] * 6 + ["false"] * 4, "sorting by a playthrough's column, done first when descending", str(order))
    report.check(not console_errors(driver), "no script errors", "; ".join(console_errors(driver)))


def check_spoilers(driver, root, report):
    print("Entry pages: spoilers that follow ?playthrough=")
    driver.get(page_url(root, "elden-ring/quests/rannis-service.html"))
    report.check(not driver.find_element(By.CSS_SELECTOR, ".spoiler-toggle").is_selected(),
                 "spoiler_until: the notes wait while some playthrough has not done it")
    driver.get(page_url(root, "elden-ring/quests/rannis-service.html", {"playthrough": "wren"}))
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".spoiler-toggle").is_selected())
    report.check(driver.find_element(By.CSS_SELECTOR, ".spoiler-toggle").is_selected(), "revealed for Wren, who completed it")
    driver.get(page_url(root, "elden-ring/quests/go-to-the-castle.html"))
    report.check(driver.execute_script("return document.querySelector('details.callout-spoiler').open;") is True,
                 "a spoiler callout is open when every playthrough completed the quest")
    # Kaito's own page links to its items with ?playthrough=kaito.
    driver.get(page_url(root, "elden-ring/playthroughs/kaito.html"))
    link = driver.find_element(By.CSS_SELECTOR, "a[href*='rannis-service.html']")
    link.click()
    wait(driver, lambda d: "rannis-service" in d.current_url)
    report.check(driver.current_url.endswith("?playthrough=kaito") and
                 not driver.find_element(By.CSS_SELECTOR, ".spoiler-toggle").is_selected(),
                 "from Kaito's page the quest stays hidden", driver.current_url)
    driver.get(page_url(root, "elden-ring/playthroughs/kaito.html"))
    boxes = driver.execute_script("""
        return Array.prototype.map.call(document.querySelectorAll('input.ql-mark'), function (box) {
          return [box.dataset.entry, box.checked, box.disabled, box.getAttribute('aria-label')].join('|');
        });""")
    report.check("go-to-the-castle|true|true|Go to the Castle: Complete in Kaito" in boxes and
                 "rannis-service|false|true|Ranni's Service: Complete in Kaito" in boxes,
                 "the playthrough page's checkboxes show the state, disabled", str(boxes[:3]))


def check_search(driver, root, report):
    print("Search: open in a playthrough")
    driver.get(page_url(root, "search.html", {"q": "castle", "state": "!playthrough:elden-ring/kaito"}))
    wait(driver, lambda d: d.execute_script(
        "return document.querySelector('[data-ql-search-list]').dataset.query === 'castle';"))
    links = [Path(a.get_attribute("href")).name for a in driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] li a")]
    report.check(links == ["stormveil-castle.html"], "'castle' open in Kaito: the castle itself, not the quest he completed",
                 str(links))
    driver.get(page_url(root, "search.html", {"q": "castle", "state": "!playthrough:elden-ring/wren"}))
    wait(driver, lambda d: d.execute_script(
        "return document.querySelector('[data-ql-search-list]').dataset.query === 'castle';"))
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] li a")]
    report.check(links == [], "nothing about the castle is open in Wren", str(links))


def axe_violations(driver):
    driver.execute_script(AXE_SCRIPT)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r); },"
        " function (e) { done({error: String(e)}); });")
    if "error" in result:
        return [result["error"]]
    return [f"{v['id']} ({v['impact']}): {v['help']}" for v in result["violations"] if v.get("impact") in BLOCKING_IMPACTS]


def check_accessibility(driver, root, report):
    print("Accessibility (axe-core, serious and critical violations)")
    if AXE_SCRIPT is None:
        report.check(False, "axe-core is available", "pip install axe-core-python")
        return
    for path in ("elden-ring/playthroughs/kaito.html", "elden-ring/progress.html", "elden-ring/quests/index.html",
                 "elden-ring/quests/rannis-service.html", "elden-ring/index.html", "index.html"):
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(page_url(root, path))
            if "quests/index" in path or "progress" in path:
                ready(driver)  # the filters panel shows, so axe sees it too
            problems = axe_violations(driver)
            report.check(not problems, f"{path} ({scheme})", "; ".join(problems))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def check_live_tick(driver, site, base, report):
    print("Under serve: ticking a box on a playthrough page")
    playthrough = site / "Content/elden-ring/playthroughs/kaito.md"
    before = playthrough.read_text()
    driver.get(base + "/elden-ring/playthroughs/kaito.html")
    selector = 'input.ql-mark[data-entry="stormveil-castle"][data-field="cleared"]'
    box = driver.find_element(By.CSS_SELECTOR, selector)
    report.check(wait(driver, lambda d: box.is_enabled()) is not None, "the served playthrough page enables its checkboxes")
    report.check(not box.is_selected(), "Stormveil Castle is not cleared in Kaito yet")
    driver.execute_script("window.beforeTheTick = true;")
    box.click()
    want = before.replace("cleared: []", "cleared: [stormveil-castle]")
    wait(driver, lambda d: playthrough.read_text() == want, timeout=20)
    report.check(playthrough.read_text() == want, "the tick adds it to Kaito's cleared list, nothing else changes",
                 repr(playthrough.read_text()))
    reloaded = wait(driver, lambda d: d.execute_script("return !window.beforeTheTick && document.readyState === 'complete';"),
                    timeout=20)
    report.check(reloaded is not None, "the page reloads after the rebuild")
    done = driver.execute_script("""
        var box = document.querySelector(arguments[0]);
        var heading = box.closest('ul').previousElementSibling;
        var bar = Array.prototype.find.call(document.querySelectorAll('.progress-item'), function (item) {
          return item.querySelector('.progress-label').textContent === 'Locations cleared';
        });
        return [box.checked, heading.textContent, bar ? bar.querySelector('.progress-value').textContent : null];""", selector)
    report.check(done == [True, "Done", "1 of 4"], "it is now under Done, and the bar counts it", str(done))


def main():
    root = Path(sys.argv[1]).resolve()
    report = Report()
    driver = make_driver()
    try:
        check_kind_table(driver, root, report)
        check_comparison(driver, root, report)
        check_spoilers(driver, root, report)
        check_search(driver, root, report)
        check_accessibility(driver, root, report)
        if len(sys.argv) > 3:
            check_live_tick(driver, Path(sys.argv[2]).resolve(), sys.argv[3].rstrip("/"), report)
    finally:
        driver.quit()
    print(f"{report.passed} passed, {len(report.failures)} failed")
    for failure in report.failures:
        print(f"  {failure}")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
