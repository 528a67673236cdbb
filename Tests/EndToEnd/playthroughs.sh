#!/usr/bin/env bash
# Playthroughs end to end: builds the playthroughs fixture site into a temporary folder and drives,
# in headless Chromium from file://, the kind tables' playthrough selector, the comparison page's
# filters and sorting, spoilers that follow a playthrough, search by "open in playthrough", and
# axe-core on the new pages (Tests/EndToEnd/playthroughs_check.py). Installs Chromium, its driver,
# Selenium and axe-core when they are missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "Installing chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver
fi
if ! python3 -c "import selenium, axe_core_python" >/dev/null 2>&1; then
  echo "Installing selenium and axe-core-python"
  python3 -m pip install --quiet selenium axe-core-python ||
    python3 -m pip install --quiet --break-system-packages selenium axe-core-python
fi

swift build --product questlog
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$(swift build --show-bin-path)/questlog" build --quiet --site Tests/Fixtures/valid/playthroughs/site --output "$work/site"
python3 Tests/EndToEnd/playthroughs_check.py "$work/site"
