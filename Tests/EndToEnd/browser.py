"""What the Chromium checks of the built site share: a headless Chromium from the system's
packages, file:// addresses with a query, waiting for a condition, and a report of each check."""

import os
import shutil
from urllib.parse import quote, urlencode

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10


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
