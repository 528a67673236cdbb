#!/usr/bin/env python3
"""Drives the search of a built sample site in headless Chromium, opened from file://.

Usage: search_check.py OUTPUT_DIR [REPOSITORY_ROOT]

Checks that search.js tokenizes every shared test vector like the Swift tokenizer, that the shared
queries (five languages, prefixes, typos, accent-free spellings, Traditional Chinese, filters) rank
the expected entries first in the header box and on the search page, the box's scope to the page's
game and its note when no page has every word, filters without a query, content-hashed index files,
and the box's keyboard behaviour. Prints a summary and exits with 1 when anything fails.
"""

import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import Report, make_driver, page_url, wait

BLOCKING_IMPACTS = {"serious", "critical"}

try:
    from axe_core_python.base import AXE_SCRIPT
except ImportError:
    AXE_SCRIPT = None




def search_errors(driver):
    """Console errors that concern search (other assets may be missing while the theme is elsewhere)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and ("search" in entry["message"] or "Uncaught" in entry["message"])]


def check_vectors(driver, root, vectors, report):
    print("Tokenizer vectors (search.js against Tests/Fixtures/search/tokenizer-vectors.json)")
    driver.get(page_url(root, "index.html"))
    wait(driver, lambda d: d.execute_script("return !!window.QuestlogSearch"))
    cases = vectors["cases"]
    # ready() loads the Han table that search() loads before a query with Han characters.
    results = driver.execute_async_script(
        "var cases = arguments[0], done = arguments[arguments.length - 1];"
        "QuestlogSearch.ready().then(function () { done(cases.map(function (c) { return QuestlogSearch.terms(c.text); })); });",
        cases)
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
    print("Header search box, on an entry page, all games")
    driver.get(page_url(root, "elden-ring/npcs/white-mask-varre.html"))
    # The box starts scoped to the page's game; one click makes it search every game.
    driver.find_element(By.CSS_SELECTOR, "[data-ql-search-scope]").click()
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


def scope_box(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-scope]")
    return found[0] if found else None


def check_scope(driver, root, report):
    print("Header search box, scoped to the page's game")
    driver.get(page_url(root, "index.html"))
    report.check(scope_box(driver) is None, "pages of no game have no scope", "a scope box is shown")

    driver.get(page_url(root, "elden-ring/npcs/white-mask-varre.html"))
    scope = scope_box(driver)
    if not report.check(scope is not None, "a game's page has a scope box", "none"):
        return
    name = driver.execute_script("return arguments[0].labels[0].textContent;", scope)
    report.check(scope.is_selected() and "Elden Ring" in name, "it is ticked and named after the game",
                 f"checked={scope.is_selected()} name={name!r}")
    def status_count():
        text = driver.find_element(By.CSS_SELECTOR, "[data-ql-search-status]").get_attribute("textContent")
        digits = "".join(c for c in text if c.isdigit())
        return int(digits) if digits else 0

    type_in_header(driver, "merchant")
    scoped_total = status_count()
    urls = header_results(driver)
    report.check(bool(urls) and all("/elden-ring/" in url for url in urls), "scoped: only the game's pages",
                 f"got {urls}")
    all_option = driver.find_elements(By.ID, "ql-search-option-all")
    if all_option:
        report.check("game=elden-ring" in all_option[0].get_attribute("data-href"),
                     "'See all results' keeps the scope", all_option[0].get_attribute("data-href"))
    # Keyboard: Tab from the box reaches the scope, Space unticks it and the box has the focus again.
    box = driver.find_element(By.ID, "ql-search-input")
    box.send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    report.check(active.get_attribute("data-ql-search-scope") is not None, "Tab from the box reaches the scope",
                 f"focus is on {active.tag_name}#{active.get_attribute('id')}")
    active.send_keys(Keys.SPACE)
    wait(driver, lambda d: d.execute_script(
        "return document.getElementById('ql-search-listbox').dataset.game === '';"))
    total = status_count()
    report.check(not scope.is_selected() and total > scoped_total,
                 "unticked: every game's pages", f"checked={scope.is_selected()} {total} results, {scoped_total} scoped")
    report.check(driver.switch_to.active_element.get_attribute("id") == "ql-search-input",
                 "the box has the focus again", f"focus on {driver.switch_to.active_element.tag_name}")
    box.send_keys(Keys.ESCAPE)
    box.send_keys(Keys.ESCAPE)
    scope.click()
    report.check(scope.is_selected(), "one click ticks it again", "still unticked")

    print("Header search box, some words only")
    type_in_header(driver, "melina")
    note = driver.find_element(By.CSS_SELECTOR, "[data-ql-search-partial]")
    report.check(not note.is_displayed(), "a query every result matches has no note", "note shown")
    type_in_header(driver, "melina millicent")
    status = driver.find_element(By.CSS_SELECTOR, "[data-ql-search-status]").get_attribute("textContent")
    urls = header_results(driver)
    report.check(note.is_displayed() and "some of them" in note.text and bool(urls),
                 "two unrelated words: the results say they have only some", f"note shown={note.is_displayed()} {note.text!r}")
    report.check("some of them" in status, "and the status message says it too", status)
    report.check(any(ends_with(u, "elden-ring/npcs/millicent.html") for u in urls[:2])
                 and any(ends_with(u, "elden-ring/npcs/melina.html") for u in urls[:2]),
                 "each word's own page comes first", f"got {urls}")
    type_in_header(driver, "melina")
    report.check(not note.is_displayed(), "the note goes with the next query", "still shown")


def check_empty_query_filters(driver, root, report):
    print("Search page, filters without a query")
    for params, expected, kind in ((
            {"kind": "npc", "state": "merchant"}, "elden-ring/npcs/merchant-kale.html", "NPC"),
            ({"kind": "quest", "state": "!complete"}, "elden-ring/quests/gowry-millicent.html", "Quest")):
        driver.get(page_url(root, "search.html", params))
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] li a"))
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] li a")]
        metas = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "[data-ql-search-list] .ql-result-meta")]
        summary = driver.find_element(By.CSS_SELECTOR, "[data-ql-search-summary]").text
        label = "empty query with " + ", ".join(f"{k}={v}" for k, v in params.items())
        report.check(any(ends_with(u, expected) for u in links) and all(m.startswith(kind + " ·") for m in metas)
                     and summary.endswith("results"), label, f"links {links}, metas {metas}, summary {summary!r}")


def check_keyboard(driver, root, report):
    print("Keyboard and ARIA behaviour")
    driver.get(page_url(root, "index.html"))
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
    hashed = re.compile(r"^((terms|docs)-[0-9]+|flags)\.[0-9a-v]{5}\.js$")
    report.check(all(f == "index.js" or hashed.match(f) for f in files), "index files are named after their content's hash",
                 f"loaded {files}")
    fresh = driver.execute_script(
        "return Array.prototype.some.call(document.scripts, function (s) { return /assets\\/search\\/index\\.js\\?t=[0-9]+$/.test(s.src); });")
    report.check(fresh, "index.js is asked for with a query new on each page", "no index.js?t= script")
    report.check("search-han.js" not in files, "a query without Han characters does not load the Han table",
                 f"loaded {files}")
    type_in_header(driver, "龍王")
    files = driver.execute_script("return QuestlogSearch.loadedFiles.slice()")
    report.check("search-han.js" in files and bool(header_results(driver)), "a Traditional Chinese query loads it and finds pages",
                 f"loaded {files}")
    errors = search_errors(driver)
    report.check(not errors, "no search errors in the console", "; ".join(errors))


def check_rebuilt_index(driver, root, report):
    print("A rebuild while a page is open")
    work = Path(tempfile.mkdtemp())
    try:
        site = work / "site"
        shutil.copytree(root, site)
        driver.get(page_url(site, "index.html"))
        type_in_header(driver, "varre")
        before = driver.execute_script("return QuestlogSearch.loadedFiles.slice()")
        # What a rebuild with other content does: every index file under a new hash, index.js naming it.
        folder = site / "assets" / "search"
        manifest = (folder / "index.js").read_text(encoding="utf-8")
        prefix = 'QuestlogSearch.load("index",0,'
        data = json.loads(manifest[len(prefix):-3])
        files = data["files"]
        new_names = set()
        def renamed(type_, number, old):
            new = "0" * 5 if old != "0" * 5 else "1" * 5
            name = lambda hash_: f"flags.{hash_}.js" if type_ == "flags" else f"{type_}-{number}.{hash_}.js"
            (folder / name(old)).rename(folder / name(new))
            new_names.add(name(new))
            return new
        for type_ in ("terms", "docs"):
            hashes = [files[type_][i:i + 5] for i in range(0, len(files[type_]), 5)]
            files[type_] = "".join(renamed(type_, number, old) for number, old in enumerate(hashes))
        files["flags"] = renamed("flags", 0, files["flags"])
        (folder / "index.js").write_text(prefix + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ");\n",
                                         encoding="utf-8")
        # Its results are in a documents file the page has not loaded, which is gone under the old hash.
        type_in_header(driver, "duong")
        urls = header_results(driver)
        after = driver.execute_script("return QuestlogSearch.loadedFiles.slice()")
        report.check(bool(urls) and ends_with(urls[0], "lanterns-of-the-delta/npcs/ba-duong.html")
                     and any(f in new_names for f in after) and not any(f in new_names for f in before),
                     "a file of the old index is gone: index.js is loaded again and the query answered",
                     f"got {urls}, loaded {after}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


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
        check_scope(driver, root, report)
        check_empty_query_filters(driver, root, report)
        check_keyboard(driver, root, report)
        check_accessibility(driver, root, report)
        check_loading(driver, root, report)
        check_rebuilt_index(driver, root, report)
    finally:
        driver.quit()

    print()
    print(f"Search end-to-end: {report.passed} passed, {len(report.failures)} failed")
    for failure in report.failures:
        print(f"  - {failure}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
