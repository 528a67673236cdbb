#!/usr/bin/env python3
"""Hostile raw HTML in a real browser.

Usage: xss_check.py write-site SITE_DIR VECTORS_JSON
       xss_check.py check OUTPUT_DIR VECTORS_JSON

`write-site` makes a site with `unsafe_html: true` whose game page and NPC notes hold every vector,
ten to a note, each in its own paragraph or block. `check` opens every page of its build in headless
Chromium from file://, with alert, confirm, prompt and print replaced by spies before any script of
the page runs; it hovers every element of the notes, then clicks every link, button and disclosure
of the page (reloading it before each click), and after each step checks that no vector ran: no spy
was called, `window.__xss` is unset and the title is the page's own. The notes must hold no script,
frame, plugin, form, SVG, MathML, style or event handler. Prints a summary and exits with 1 when
anything fails.
"""

import json
import os
import shutil
import sys
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import (StaleElementReferenceException, UnexpectedAlertPresentException,
                                        WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

PER_NOTE = 10

SPIES = """
window.__xssCalls = [];
for (const name of ["alert", "confirm", "prompt", "print"]) {
  window[name] = function () { window.__xssCalls.push(name); };
}
"""

RAN = """
const calls = window.__xssCalls || [];
const problems = calls.map(function (name) { return name + "() was called"; });
if (typeof window.__xss !== "undefined") { problems.push("window.__xss is " + String(window.__xss)); }
if (document.title.indexOf("XSS") >= 0) { problems.push("the title became " + document.title); }
return problems;
"""

FORBIDDEN = """
const problems = [];
const selector = "script, style, iframe, frame, frameset, object, embed, applet, svg, math, form, input, button, " +
  "textarea, select, base, meta, link, template, noscript";
for (const notes of document.querySelectorAll(".notes")) {
  for (const element of notes.querySelectorAll(selector)) { problems.push("<" + element.localName + "> in the notes"); }
  for (const element of notes.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on") || name === "style" || name === "id" && !/^H[1-6]$/.test(element.tagName)) {
        problems.push(name + " on <" + element.localName + ">");
      }
      if (["href", "src", "poster", "cite", "srcset"].includes(name) &&
          /^(javascript|vbscript|file|data:text)/i.test(attribute.value.replace(/[\\t\\n\\r]/g, "").replace(/^[\\x00-\\x20]+/, ""))) {
        problems.push(name + "=" + attribute.value + " on <" + element.localName + ">");
      }
    }
  }
}
return problems;
"""


class Report:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, problems, label):
        if problems:
            self.failures.append(f"{label}: {'; '.join(problems)}")
            print(f"  FAIL  {label}: {'; '.join(problems)}")
        else:
            self.passed += 1


def write_site(site, vectors):
    content = site / "Content" / "hostile"
    (content / "npcs").mkdir(parents=True)
    (site / "questlog.yml").write_text("title: Hostile notes\nunsafe_html: true\n", encoding="utf-8")

    def notes(group):
        return "\n\n".join(vector["html"] for vector in group) + "\n"

    (content / "game.md").write_text("---\ntitle: Hostile game\n---\n" + notes(vectors[:PER_NOTE]), encoding="utf-8")
    for start in range(0, len(vectors), PER_NOTE):
        number = start // PER_NOTE + 1
        text = f"---\nname: Vectors {number:02d}\ntags: [hostile]\n---\n" + notes(vectors[start:start + PER_NOTE])
        (content / "npcs" / f"vectors-{number:02d}.md").write_text(text, encoding="utf-8")


def make_driver():
    options = webdriver.ChromeOptions()
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"):
        if os.path.exists(candidate):
            options.binary_location = candidate
            break
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    service = Service(driver_path) if os.path.exists(driver_path) else None
    driver = webdriver.Chrome(service=service, options=options) if service else webdriver.Chrome(options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SPIES})
    driver.set_page_load_timeout(20)
    return driver


def ran(driver):
    try:
        return driver.execute_script(RAN)
    except UnexpectedAlertPresentException:
        return ["a dialog opened"]


def clickables(driver):
    return driver.find_elements(By.CSS_SELECTOR, "a, button, summary, [role=button], input[type=submit]")


def check_page(driver, url, name, report):
    driver.get(url)
    report.check(driver.execute_script(FORBIDDEN), f"{name}: nothing dangerous in the notes")
    for element in driver.find_elements(By.CSS_SELECTOR, ".notes *"):
        try:
            if element.is_displayed():
                ActionChains(driver).move_to_element(element).perform()
        except (StaleElementReferenceException, WebDriverException):
            continue
    report.check(ran(driver), f"{name}: hovering the notes runs nothing")
    count = len(clickables(driver))
    clicked = 0
    for index in range(count):
        if driver.current_url != url:
            driver.get(url)
        elements = clickables(driver)
        if index >= len(elements):
            break
        element = elements[index]
        try:
            if not element.is_displayed():
                continue
            element.click()
            clicked += 1
        except UnexpectedAlertPresentException:
            report.check(["a dialog opened"], f"{name}: click {index}")
            continue
        except WebDriverException:
            driver.execute_script("arguments[0].click()", element)
            clicked += 1
        report.check(ran(driver), f"{name}: clicking element {index} runs nothing")
    print(f"  {name}: {clicked} of {count} links and buttons clicked")


def check(output, vectors):
    pages = sorted(path for path in output.rglob("*.html"))
    report = Report()
    driver = make_driver()
    try:
        print(f"{len(vectors)} vectors on {len(pages)} pages")
        notes_pages = [path for path in pages if path.parent.name == "npcs" and path.name.startswith("vectors-")]
        expected = (len(vectors) + PER_NOTE - 1) // PER_NOTE
        report.check([] if len(notes_pages) == expected else [f"{len(notes_pages)} note pages, expected {expected}"],
                     "every note with vectors has a page")
        for path in pages:
            check_page(driver, path.resolve().as_uri(), str(path.relative_to(output)), report)
    finally:
        driver.quit()
    print(f"{report.passed} checks passed, {len(report.failures)} failed")
    for failure in report.failures:
        print(f"  {failure}")
    return 1 if report.failures else 0


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("write-site", "check"):
        print(__doc__)
        return 64
    vectors = json.loads(Path(sys.argv[3]).read_text(encoding="utf-8"))
    if sys.argv[1] == "write-site":
        write_site(Path(sys.argv[2]), vectors)
        return 0
    return check(Path(sys.argv[2]), vectors)


if __name__ == "__main__":
    sys.exit(main())
