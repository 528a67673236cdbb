#!/usr/bin/env bash
# Progress import end to end: a progress CSV is opened in LibreOffice (headless), a cell of the
# sheet is edited, the sheet is saved as CSV again (comma, then semicolon separated), and
# `questlog progress import --write` brings the change back, changing only that list.
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --product questlog
questlog="$(swift build --show-bin-path)/questlog"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
mkdir -p "$HOME"

make_site() {
  local game="$1/Content/elden-ring"
  mkdir -p "$game/quests" "$game/locations" "$game/playthroughs"
  printf -- '---\ntitle: Elden Ring\n---\n' > "$game/game.md"
  printf -- '---\nname: Go to the Castle\n---\n' > "$game/quests/go-to-the-castle.md"
  printf -- '---\nname: Church of Elleh\n---\n' > "$game/locations/church-of-elleh.md"
  printf -- '---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\n---\r\nNotes stay.\r\n' > "$game/playthroughs/wren.md"
  printf -- '---\nname: Kaito\ncleared:\n  - church-of-elleh  # first\n---\n' > "$game/playthroughs/kaito.md"
}

for separator in 44 59; do
  site="$work/site-$separator"
  make_site "$site"
  printf 'id,kind,name,kaito,wren\r\ngo-to-the-castle,quest,Go to the Castle,false,true\r\nchurch-of-elleh,location,Church of Elleh,true,false\r\n' > "$work/progress.csv"
  rm -rf "$work/sheet" "$work/saved"
  soffice --headless --infilter="CSV:44,34,76,1" --convert-to fods --outdir "$work/sheet" "$work/progress.csv" > /dev/null 2>&1
  # The edit: Wren clears the Church of Elleh.
  python3 - "$work/sheet/progress.fods" <<'PY'
import sys
import xml.etree.ElementTree as ET
path = sys.argv[1]
ns = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0", "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
      "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}
for prefix, uri in ns.items():
    ET.register_namespace(prefix, uri)
tree = ET.parse(path)
for row in tree.iter("{%s}table-row" % ns["table"]):
    cells = row.findall("table:table-cell", ns)
    texts = ["".join(cell.itertext()).strip() for cell in cells]
    if texts and texts[0] == "church-of-elleh":
        cell = cells[4]
        for key in list(cell.attrib):
            del cell.attrib[key]
        for child in list(cell):
            cell.remove(child)
        cell.set("{%s}value-type" % ns["office"], "string")
        ET.SubElement(cell, "{%s}p" % ns["text"]).text = "x"
tree.write(path, xml_declaration=True, encoding="UTF-8")
PY
  soffice --headless --convert-to "csv:Text - txt - csv (StarCalc):$separator,34,76,1" --outdir "$work/saved" "$work/sheet/progress.fods" > /dev/null 2>&1
  echo "== saved by LibreOffice (separator $separator):"
  cat "$work/saved/progress.csv"
  "$questlog" progress import "$work/saved/progress.csv" --site "$site" --write
  expected=$(printf -- '---\r\nname: Wren   # the samurai\r\ncomplete: [go-to-the-castle]  # so far\r\ncleared: [church-of-elleh]\r\n---\r\nNotes stay.\r\n' | od -c)
  if [ "$(od -c < "$site/Content/elden-ring/playthroughs/wren.md")" != "$expected" ]; then
    echo "FAIL: wren.md is not as expected:"; cat -A "$site/Content/elden-ring/playthroughs/wren.md"; exit 1
  fi
  if [ "$(cat "$site/Content/elden-ring/playthroughs/kaito.md")" != "$(printf -- '---\nname: Kaito\ncleared:\n  - church-of-elleh  # first\n---\n')" ]; then
    echo "FAIL: kaito.md changed"; exit 1
  fi
  echo "ok: only Wren's cleared list changed"
done
