#!/usr/bin/env bash
# Memory benchmark for very large inputs: builds Questlog in release mode, generates a site whose one
# note is NOTE_MB megabytes and a site whose DATA_ENTRIES entries are all in one data file (the
# project's generator), builds each into tmpfs and prints the peak memory (RSS) beside the largest
# input file, with the stage that reached it (`build --timings`).
# Targets: a big note peaks at about 5× its size plus a fixed base; 100,000 entries in one data
# file under 600 MB.
# Usage: Benchmarks/memory.sh   (NOTE_MB=50, DATA_ENTRIES=100000)
set -euo pipefail
cd "$(dirname "$0")/.."

note_mb=${NOTE_MB:-50}
data_entries=${DATA_ENTRIES:-100000}
work=$(mktemp -d "${TMPDIR:-/tmp}/questlog-memory.XXXXXX")
fast=$(mktemp -d /dev/shm/questlog-memory.XXXXXX 2>/dev/null || mktemp -d "${TMPDIR:-/tmp}/questlog-memory-out.XXXXXX")
trap 'rm -rf "$work" "$fast"' EXIT

echo "Building release…" >&2
# As the README installs it: on Linux with the Swift runtime and Foundation in the binary.
static=()
[ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release ${static[@]+"${static[@]}"} --product questlog >&2
swift build -c release ${static[@]+"${static[@]}"} --product questlog-bench >&2
bin=$(swift build -c release ${static[@]+"${static[@]}"} --show-bin-path)

"$bin/questlog-bench" big-note "$note_mb" "$work/note"
"$bin/questlog-bench" big-data "$data_entries" "$work/data"

echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr); $("$bin/questlog" --version)"
echo
echo "| site | largest input | build time | peak RSS | peak ÷ input | stage at the peak |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
for site in note data; do
  largest=$(find "$work/$site/Content" -type f -printf '%s\n' | sort -n | tail -1)
  rm -rf "$fast/out"
  /usr/bin/time -f "%e %M" -o "$work/time" "$bin/questlog" build --timings --site "$work/$site" --output "$fast/out" >"$work/timings" 2>&1 \
    || { cat "$work/timings" >&2; exit 1; }
  read -r seconds kilobytes <"$work/time"
  # The first stage whose running peak is the final one.
  stage=$(awk -v peak="$(awk '$1 != "total" && $NF == "MB" { p = $(NF - 1) } END { print p }' "$work/timings")" \
    '$NF == "MB" && $(NF - 1) == peak { for (i = 1; i <= NF - 6; i++) printf "%s%s", (i > 1 ? " " : ""), $i; exit }' "$work/timings")
  name=$([ $site = note ] && echo "one note of $note_mb MB" || echo "$data_entries entries in one data file")
  awk -v name="$name" -v bytes="$largest" -v s="$seconds" -v kb="$kilobytes" -v stage="$stage" 'BEGIN {
    printf "| %s | %.1f MB | %.2f s | %.0f MB | %.1f× | %s |\n", name, bytes / 1e6, s, kb / 1024, kb * 1024 / bytes, stage }'
done
