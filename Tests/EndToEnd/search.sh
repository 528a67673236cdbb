#!/usr/bin/env bash
# Search end to end: builds the sample site into a temporary folder and drives its search in headless
# Chromium from file:// (Tests/EndToEnd/search_check.py), after checking the generated Han folding
# table against Unihan. Installs Chromium, its driver, Selenium, axe-core and unicode-data when they
# are missing.
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

# The Traditional → Simplified table must be what Unihan (Debian's unicode-data) gives.
if [ ! -f /usr/share/unicode/Unihan_Variants.txt.bz2 ]; then
  echo "Installing unicode-data"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq unicode-data
fi
python3 Scripts/make-han-folding.py --check

swift build --product questlog
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$(swift build --show-bin-path)/questlog" build --quiet --output "$work/site"
python3 Tests/EndToEnd/search_check.py "$work/site" "$PWD"
