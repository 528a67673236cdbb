#!/usr/bin/env python3
"""Drives the search of a built sample site in headless Chromium, opened from file://.

Usage: search_check.py OUTPUT_DIR [REPOSITORY_ROOT]

Checks that search.js tokenizes every shared test vector like the Swift tokenizer, that the shared
queries (five languages, prefixes, typos, accent-free spellings, filters) rank the expected entries
first in the header box and on the search page, and the box's keyboard behaviour. Prints a summary
and exits with 1 when anything fails.
"""

import json
import os
import shutil
import sys
from pathlib import Path
from urllib.parse import quote, urlencode

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10
BLOCKING_IMPACTS = {"serious", "critical"}

try:
    from axe_core_python.base import AXE_SCRIPT
except ImportError:
    AXE_SCRIPT = None


class Report:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, condition, label, detail=""):
        if condition:
            self.passed += 1
            print(f"  ok    {label}")
        else:
            self.failures.append(f"{label}: {detail}")
            print(f"  FAIL  {label}: {detail}")
        return condition


def make_driver():
    options = webdriver.ChromeOptions()
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"):
        if os.path.exists(candidate):
            options.binary_location = candidate
            break
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900", "--lang=en"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if os.path.exists(driver_path):
        return webdriver.Chrome(service=Service(driver_path), options=options)
    return webdriver.Chrome(options=options)


def page_url(root, path, params=None):
    url = (root / path).resolve().as_uri()
    if params:
        url += "?" + urlencode(params, quote_via=quote)
    return url


def wait(driver, condition, timeout=TIMEOUT):
    try:
        return WebDriverWait(driver, timeout).until(condition)
    except TimeoutException:
        return None


def search_errors(driver):
    """Console errors that concern search (other assets may be missing while the theme is elsewhere)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and ("search" in entry["message"] or "Uncaught" in entry["message"])]


def check_vectors(driver, root, vectors, report):
    print("Tokenizer vectors (search.js against Tests/Fixtures/search/tokenizer-vectors.json)")
    driver.get(page_url(root, "index.html"))
    wait(driver, lambda d: d.execute_script("return !!window.QuestlogSearch"))
    cases = vectors["cases"]
    results = driver.execute_script(
        "return arguments[0].map(function (c) { return QuestlogSearch.terms(c.text); });", cases)
    for case, terms in zip(cases, results):
        report.check(terms == case["terms"], f"vector: {case['name']}", f"got {terms}, expected {case['terms']}")


def header_results(driver):
    options = driver.find_elements(By.CSS_SELECTOR, "#ql-search-listbox [role=option].ql-result")
    return [option.get_attribute("data-href") for option in options]


def type_in_header(driver, text):
    box = driver.find_element(By.ID, "ql-search-input")
    box.clear()
    box.send_keys(text)
    # The listbox says which text its results are for: wait for this one's, not the previous query's.
    wait(driver, lambda d: d.execute_script(
        "return document.getElementById('ql-search-listbox').dataset.query === arguments[0];", text))
    return box


def ends_with(url, path):
    return url is not None and url.endswith("/" + path)


def check_queries_in_header(driver, root, queries, report):
    print("Header search box, on an entry page")
    driver.get(page_url(root, "elden-ring/npcs/white-mask-varre.html"))
    for query in queries:
        if query.get("game") or query.get("kind") or query.get("state"):
            continue
        type_in_header(driver, query["text"])
        urls = header_results(driver)
        label = f"header [{query['language']}] {query['text']!r} ({query['why']})"
        expect_results(urls, query, label, report)


def expect_results(urls, query, label, report):
    if "first" in query:
        report.check(bool(urls) and ends_with(urls[0], query["first"]), label,
                     f"first is {urls[0] if urls else 'nothing'}, expected {query['first']}")
    if "top" in query:
        top = urls[:len(query["top"])]
        report.check(sorted(Path(u).name for u in top) == sorted(Path(p).name for p in query["top"])
                     and all(any(ends_with(u, p) for u in top) for p in query["top"]), label,
                     f"first {len(query['top'])} are {top}, expected {query['top']}")


def check_queries_on_page(driver, root, queries, report):
    print("Search page, query and filters from the address")
    for query in queries:
        params = {"q": query["text"]}
        for name in ("game", "kind", "state"):
            if query.get(name):
                params[name] = query[name]
        driver.get(page_url(root, "search.html", params))
        wait(driver, lambda d: d.execute_script(
            "return document.querySelector('[data-ql-search-list]').dataset.query === arguments[0];", query["text"]))
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] li a")]
        filters = ", ".join(f"{k}={v}" for k, v in params.items() if k != "q")
        label = f"page [{query['language']}] {query['text']!r}{' with ' + filters if filters else ''} ({query['why']})"
        expect_results(links, query, label, report)


def check_keyboard(driver, root, report):
    print("Keyboard and ARIA behaviour")
    driver.get(page_url(root, "lanterns-of-the-delta/index.html"))
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    active = driver.switch_to.active_element
    report.check(active.get_attribute("id") == "ql-search-input", "'/' focuses the header search box",
                 f"focus is on {active.tag_name}#{active.get_attribute('id')}")

    box = type_in_header(driver, "stormv")
    report.check(box.get_attribute("role") == "combobox" and box.get_attribute("aria-expanded") == "true",
                 "the box is an expanded combobox while results show",
                 f"role={box.get_attribute('role')} aria-expanded={box.get_attribute('aria-expanded')}")
    urls = header_results(driver)
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ARROW_DOWN)
    second = driver.find_elements(By.CSS_SELECTOR, "#ql-search-listbox [role=option]")[1]
    report.check(box.get_attribute("aria-activedescendant") == second.get_attribute("id")
                 and second.get_attribute("aria-selected") == "true",
                 "ArrowDown twice makes the second result the active option",
                 f"aria-activedescendant={box.get_attribute('aria-activedescendant')}")
    box.send_keys(Keys.ARROW_UP)
    first = driver.find_elements(By.CSS_SELECTOR, "#ql-search-listbox [role=option]")[0]
    report.check(box.get_attribute("aria-activedescendant") == first.get_attribute("id")
                 and first.get_attribute("aria-selected") == "true" and second.get_attribute("aria-selected") == "false",
                 "ArrowUp moves back to the first result", f"aria-activedescendant={box.get_attribute('aria-activedescendant')}")
    box.send_keys(Keys.ENTER)
    opened = wait(driver, lambda d: d.current_url.endswith("stormveil-castle.html"))
    report.check(bool(opened) and bool(urls) and ends_with(urls[0], "elden-ring/locations/stormveil-castle.html"),
                 "Enter opens the active result's page", f"now at {driver.current_url}")

    box = type_in_header(driver, "melnia")
    marks = driver.find_elements(By.CSS_SELECTOR, "#ql-search-listbox .ql-result mark")
    report.check(any(mark.text.lower() == "melina" for mark in marks), "the typo's match is highlighted",
                 f"marks: {[mark.text for mark in marks]}")
    box.send_keys(Keys.ESCAPE)
    listbox = driver.find_element(By.ID, "ql-search-listbox")
    report.check(not listbox.is_displayed() and box.get_attribute("aria-expanded") == "false",
                 "Escape closes the results", f"aria-expanded={box.get_attribute('aria-expanded')}")
    box.send_keys(Keys.ESCAPE)
    report.check(box.get_attribute("value") == "", "Escape again clears the box", f"value={box.get_attribute('value')!r}")

    box = type_in_header(driver, "zzxqj")
    note = driver.find_element(By.CSS_SELECTOR, "[data-ql-search-empty]")
    report.check(note.is_displayed() and not listbox.is_displayed() and box.get_attribute("aria-expanded") == "false",
                 "no results: a note shows and the listbox stays closed",
                 f"note shown={note.is_displayed()} aria-expanded={box.get_attribute('aria-expanded')}")
    box.send_keys(Keys.ESCAPE)
    report.check(not note.is_displayed(), "Escape closes the note", "still shown")

    box = type_in_header(driver, "varre")
    excerpt_marks = driver.find_elements(By.CSS_SELECTOR, "#ql-search-option-0 mark")
    meta = driver.find_elements(By.CSS_SELECTOR, "#ql-search-option-0 .ql-result-meta")
    report.check(any(mark.text == "Varré" for mark in excerpt_marks), "an accent-free query highlights the accented name",
                 f"marks: {[mark.text for mark in excerpt_marks]}")
    report.check(bool(meta) and meta[0].text == "NPC · Elden Ring", "a result shows its kind and game",
                 meta[0].text if meta else "no meta")

    driver.get(page_url(root, "search.html"))
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    active = driver.switch_to.active_element
    report.check(active.get_attribute("id") == "ql-search-page-input", "'/' focuses the search page's own box",
                 f"focus is on #{active.get_attribute('id')}")
    active.send_keys("lantern")
    wait(driver, lambda d: d.execute_script(
        "return document.querySelector('[data-ql-search-list]').dataset.query === 'lantern';"))
    driver.find_element(By.CSS_SELECTOR, "select[name=kind]").send_keys("NPC")
    wait(driver, lambda d: all(m.text.startswith("NPC ·") for m in
                               d.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] .ql-result-meta")))
    metas = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] .ql-result-meta")]
    report.check(bool(metas) and all(m.startswith("NPC ·") for m in metas), "choosing a kind filters the results",
                 f"metas: {metas}")
    summary = driver.find_element(By.CSS_SELECTOR, "[data-ql-search-summary]").text
    report.check(summary.endswith("results") or summary.endswith("result"), "the page says how many results",
                 f"summary: {summary!r}")


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
    driver.get(page_url(root, "elden-ring/npcs/white-mask-varre.html"))
    box = type_in_header(driver, "stormv")
    box.send_keys(Keys.ARROW_DOWN)
    problems = axe_violations(driver)
    report.check(not problems, "header box with its results open and an active option", "; ".join(problems))
    type_in_header(driver, "zzxqj")
    problems = axe_violations(driver)
    report.check(not problems, "header box with no results", "; ".join(problems))
    driver.get(page_url(root, "search.html", {"q": "lantern", "kind": "npc"}))
    wait(driver, lambda d: d.execute_script(
        "return document.querySelector('[data-ql-search-list]').dataset.query === 'lantern';"))
    problems = axe_violations(driver)
    report.check(not problems, "search page with filters and results", "; ".join(problems))


def check_loading(driver, root, report):
    print("Loading from file://")
    driver.get(page_url(root, "index.html"))
    type_in_header(driver, "duong")
    files = driver.execute_script("return QuestlogSearch.loadedFiles.slice()")
    report.check("index.js" in files and any(f.startswith("terms-") for f in files)
                 and any(f.startswith("docs-") for f in files),
                 "index, term shard and documents load by script tags", f"loaded {files}")
    report.check(not any(f.startswith("flags") for f in files), "state bits load only for state filters",
                 f"loaded {files}")
    errors = search_errors(driver)
    report.check(not errors, "no search errors in the console", "; ".join(errors))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 64
    root = Path(sys.argv[1]).resolve()
    repository = Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else Path(__file__).resolve().parents[2]
    fixtures = repository / "Tests" / "Fixtures" / "search"
    vectors = json.loads((fixtures / "tokenizer-vectors.json").read_text(encoding="utf-8"))
    queries = json.loads((fixtures / "queries.json").read_text(encoding="utf-8"))["queries"]

    report = Report()
    driver = make_driver()
    try:
        check_vectors(driver, root, vectors, report)
        check_queries_in_header(driver, root, queries, report)
        check_queries_on_page(driver, root, queries, report)
        check_keyboard(driver, root, report)
        check_accessibility(driver, root, report)
        check_loading(driver, root, report)
    finally:
        driver.quit()

    print()
    print(f"Search end-to-end: {report.passed} passed, {len(report.failures)} failed")
    for failure in report.failures:
        print(f"  - {failure}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
