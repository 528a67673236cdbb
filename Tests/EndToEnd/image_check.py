#!/usr/bin/env python3
"""Every picture of a built Questlog site loads in headless Chromium, opened from file://.

Usage: image_check.py OUTPUT_DIR [--game GAME]

Opens every page of the game that has an <img>, scrolls each picture into view (they are lazy),
and fails when one does not load (naturalWidth 0), or when its width and height attributes
differ from the picture's own size (a declared width alone keeps the aspect ratio: only the
width is compared then, to the attribute). Exits 1 on any failure, 2 on a setup problem.
"""

import argparse
import os
import sys
import time

from selenium.common.exceptions import WebDriverException

from axe_check import console_errors, make_driver

failures = []


def fail(message):
    failures.append(message)
    print(f"  FAIL {message}")


LOAD_SCRIPT = """
var done = arguments[arguments.length - 1];
document.querySelectorAll('details').forEach(function (d) { d.open = true; });
var images = Array.prototype.slice.call(document.images);
images.forEach(function (image) { image.scrollIntoView(); });
var started = Date.now();
(function wait() {
  var pending = images.filter(function (image) { return !image.complete; });
  if (pending.length && Date.now() - started < 10000) { setTimeout(wait, 50); return; }
  done(images.map(function (image) {
    return {src: image.getAttribute('src'), natural: [image.naturalWidth, image.naturalHeight],
            width: image.getAttribute('width'), height: image.getAttribute('height'),
            complete: image.complete};
  }));
})();
"""


def pages_with_pictures(root, game):
    folder = os.path.join(root, game)
    if not os.path.isdir(folder):
        sys.exit(f"image_check: no game {game} in {root}")
    pages = []
    for directory, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as page:
                    if "<img" in page.read():
                        pages.append(path)
    return sorted(pages)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the built site (Output/)")
    parser.add_argument("--game", default="elden-ring", help="the game whose pages are checked")
    args = parser.parse_args()
    root = os.path.abspath(args.output)
    pages = pages_with_pictures(root, args.game)
    if not pages:
        print(f"image_check: no page of {args.game} shows a picture")
        return 1
    started = time.monotonic()
    try:
        driver = make_driver()
    except WebDriverException as error:
        print(f"image_check: cannot start headless Chromium: {error.msg}", file=sys.stderr)
        return 2
    pictures = 0
    try:
        for path in pages:
            name = os.path.relpath(path, root)
            driver.get("file://" + path)
            images = driver.execute_async_script(LOAD_SCRIPT)
            for image in images:
                pictures += 1
                width, height = image["natural"]
                if not image["complete"] or width == 0:
                    fail(f"{name}: <img src={image['src']}> does not load")
                    continue
                if image["width"] is not None and image["height"] is not None:
                    if (image["width"], image["height"]) != (str(width), str(height)):
                        fail(f"{name}: <img src={image['src']}> says {image['width']}x{image['height']},"
                             f" the picture is {width}x{height}")
                elif image["height"] is not None:
                    fail(f"{name}: <img src={image['src']}> has a height but no width")
            for error in console_errors(driver):
                fail(f"{name}: browser console error: {error}")
            print(f"  ok   {name}: {len(images)} picture(s)" if not any(name in f for f in failures) else f"  --   {name}")
    except WebDriverException as error:
        fail(f"browser error: {error.msg}")
    finally:
        driver.quit()
    elapsed = time.monotonic() - started
    if failures:
        print(f"image_check: {len(failures)} problem(s) in {len(pages)} pages, {pictures} pictures, {elapsed:.1f} s")
        return 1
    print(f"image_check: {pictures} pictures on {len(pages)} pages all load, in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
