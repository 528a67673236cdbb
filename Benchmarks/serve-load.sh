#!/usr/bin/env bash
# Load on `questlog serve`, on 127.0.0.1 only: wrk with 50 connections for 10 s must see no error,
# and a new client must be answered quickly while 500 idle and 50 slowloris connections are held
# open (Benchmarks/serve_latency.py prints the figures). Builds the release binary and serves a
# fresh `questlog init` site from a temporary folder. Installs wrk (Debian package) when missing.
#
#   Benchmarks/serve-load.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null 2>&1; then
  echo "Installing wrk"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq wrk
fi

# As the README installs it: on Linux with the Swift runtime and Foundation in the binary.
static=()
[ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release ${static[@]+"${static[@]}"} --product questlog
questlog="$(swift build -c release ${static[@]+"${static[@]}"} --show-bin-path)/questlog"
work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
"$questlog" init --quiet "$work/site" >/dev/null
"$questlog" serve --site "$work/site" --port 0 2>"$work/serve.log" &
server=$!
port=""
for _ in $(seq 1 100); do
  port="$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.log" | head -1)"
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "the server did not start:" >&2
  cat "$work/serve.log" >&2
  exit 1
fi
echo "Serving on port $port"

echo
echo "== wrk: 50 connections, 10 s"
wrk -t 2 -c 50 -d 10s "http://127.0.0.1:$port/my-first-game/index.html" | tee "$work/wrk.txt"
if grep -q -E "Socket errors|Non-2xx" "$work/wrk.txt"; then
  echo "FAIL: wrk saw errors" >&2
  exit 1
fi
echo "ok: no errors"

echo
echo "== a new client while 500 idle and 50 slowloris connections are held"
python3 Benchmarks/serve_latency.py "$port"
