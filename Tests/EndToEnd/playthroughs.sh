#!/usr/bin/env bash
# Playthroughs end to end: builds the playthroughs fixture site into a temporary folder and drives,
# in headless Chromium from file://, the kind tables' playthrough selector, the comparison page's
# filters and sorting, spoilers that follow a playthrough, and search by "open in playthrough"
# (Tests/EndToEnd/playthroughs_check.py). Installs Chromium, its driver and Selenium when missing.
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
"$(swift build --show-bin-path)/questlog" build --quiet --site Tests/Fixtures/valid/playthroughs/site --output "$work/site"
python3 Tests/EndToEnd/playthroughs_check.py "$work/site"
