#!/usr/bin/env bash
# Raw HTML end to end: builds a site with unsafe_html: true whose notes hold every vector of
# Tests/Fixtures/xss/vectors.json, then opens every page in headless Chromium from file://, hovers
# the notes, clicks every link, button and disclosure, and checks that no script ran
# (Tests/EndToEnd/xss_check.py). Installs Chromium, its driver and Selenium when they are missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "Installing chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver
fi
if ! python3 -c "import selenium" >/dev/null 2>&1; then
  echo "Installing selenium"
  python3 -m pip install --quiet selenium || python3 -m pip install --quiet --break-system-packages selenium
fi

swift build --product questlog
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Tests/EndToEnd/xss_check.py write-site "$work/site" Tests/Fixtures/xss/vectors.json
"$(swift build --show-bin-path)/questlog" build --quiet --site "$work/site" --output "$work/output"
python3 Tests/EndToEnd/xss_check.py check "$work/output" Tests/Fixtures/xss/vectors.json
