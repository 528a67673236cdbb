#!/usr/bin/env bash
# Live checkboxes end to end: serves a small site with a playthrough and ticks its checkboxes in
# headless Chromium (Tests/EndToEnd/live_marking_check.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --product questlog
questlog="$(swift build --show-bin-path)/questlog"
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

game="$work/site/Content/elden-ring"
mkdir -p "$game/quests" "$game/locations" "$game/playthroughs"
printf -- '---\ntitle: Elden Ring\n---\n' > "$game/game.md"
printf -- '---\nname: Go to the Castle\n---\n' > "$game/quests/go-to-the-castle.md"
printf -- '---\nname: Church of Elleh\n---\n' > "$game/locations/church-of-elleh.md"
printf -- '---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\n---\r\nNotes stay.\r\n' > "$game/playthroughs/wren.md"
cat > "$game/quests/board.html" <<'HTML'
<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Board</title></head><body>
<label><input type="checkbox" class="ql-mark" data-game="elden-ring" data-playthrough="wren" data-entry="church-of-elleh" data-field="cleared" disabled> Church of Elleh</label>
<label><input type="checkbox" class="ql-mark" data-game="elden-ring" data-playthrough="wren" data-entry="no-such-quest" data-field="complete" disabled> Nothing</label>
</body></html>
HTML

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
"$questlog" serve --site "$work/site" --port "$port" --quiet > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do
  if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; then break; fi
  sleep 0.1
done
python3 Tests/EndToEnd/live_marking_check.py "$work/site" "http://127.0.0.1:$port"
