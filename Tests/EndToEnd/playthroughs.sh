#!/usr/bin/env bash
# Playthroughs end to end: builds the playthroughs fixture site into a temporary folder and drives,
# in headless Chromium from file://, the kind tables' playthrough selector, the comparison page's
# filters and sorting, spoilers that follow a playthrough, search by "open in playthrough", axe-core
# on the new pages, and, under `questlog serve`, a tick on a real playthrough page
# (Tests/EndToEnd/playthroughs_check.py). Installs Chromium, its driver, Selenium and axe-core when
# they are missing.
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
questlog="$(swift build --show-bin-path)/questlog"
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
"$questlog" build --quiet --site Tests/Fixtures/valid/playthroughs/site --output "$work/site"

# A copy of the fixture under serve, whose playthrough page gets ticked.
cp -R Tests/Fixtures/valid/playthroughs/site "$work/served"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
"$questlog" serve --site "$work/served" --port "$port" --quiet > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do
  if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; then break; fi
  sleep 0.1
done
python3 Tests/EndToEnd/playthroughs_check.py "$work/site" "$work/served" "http://127.0.0.1:$port"
