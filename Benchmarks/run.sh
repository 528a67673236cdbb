#!/usr/bin/env bash
# Build benchmark, side by side with Hugo: builds Questlog in release mode, generates one-game sites of
# each size (the project's own generator, realistic notes in five languages; the same pages as a Hugo
# site) and prints, as medians of interleaved runs:
#   - full build into tmpfs (search index and exports included), Questlog and Hugo, and their ratio:
#     Questlog's into its emptied output folder, the site unchanged, reusing what its earlier builds
#     kept in the site's `.questlog/` (the resolved site, the search analyses, the graph layouts,
#     the workbooks' compressed blocks), and cold (`--clean`, nothing reused);
#   - peak memory (RSS) of each, Questlog's full and cold builds both;
#   - rebuilds on disk: with nothing changed, after one entry's notes were edited, after a value of
#     its front matter was flipped (what `questlog mark` writes) and after a new entry's file was
#     added (at a place and linking to that entry);
#   - entries per second of the full build, and its CPU time over its wall time (how well both
#     cores are used);
#   - `serve` and `hugo server`: from saving a file to the new page being served, for a line added
#     to an entry's notes, a value of its front matter flipped, its name changed and a reference
#     taken away and put back (all of which `serve` patches), and the idle CPU of
#     `serve` once it has made every page of the last save (QUESTLOG_BENCH_SERVE=0 leaves it out;
#     SERVE_EDITS=20 edits).
# Usage: Benchmarks/run.sh [SIZES...]   (default: 1000 10000 50000; RUNS=3 runs per figure)
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 50000)
runs=${RUNS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/questlog-run.XXXXXX")
fast=$(mktemp -d /dev/shm/questlog-run.XXXXXX 2>/dev/null || mktemp -d "${TMPDIR:-/tmp}/questlog-run-out.XXXXXX")
trap 'rm -rf "$work" "$fast"' EXIT

echo "Building release…" >&2
# As the README installs it: on Linux with the Swift runtime and Foundation in the binary.
static=()
[ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release ${static[@]+"${static[@]}"} --product questlog >&2
swift build -c release ${static[@]+"${static[@]}"} --product questlog-bench >&2
bin=$(swift build -c release ${static[@]+"${static[@]}"} --show-bin-path)
questlog="$bin/questlog"
have_hugo=0
command -v hugo >/dev/null 2>&1 && have_hugo=1

# Runs a command, prints "seconds peak-kilobytes cpu-seconds".
measure() {
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; return 1; }
  awk '{ print $1, $2, $3 + $4 }' "$work/time"
}
# Prints the median milliseconds from saving FILE until URL serves the change (SERVE_EDITS edits):
# a line appended to the notes, or with FIELD (`name`, `title`) that front-matter field given a new
# value, or with `merchant` that boolean flipped, or with `locations` (Questlog's front matter) or
# `related` (the Hugo page's line of links) the first reference taken away and put back in turn
# (the page then only has to differ), the way an editor saves (a new file renamed over the old).
serve_latency() {
  local url=$1 file=$2 field=${3:-} marker start before
  for _ in $(seq 900); do curl -sf "$url" >/dev/null && break; sleep 0.1; done
  : >"$work/serve"
  for run in $(seq "${SERVE_EDITS:-20}"); do
    marker="servemarker$run$RANDOM"
    before=$(curl -sf "$url" | md5sum)
    start=$(date +%s%N)
    if [ "$field" = merchant ]; then
      sed -i -E '0,/^merchant: /{s/^merchant: true$/merchant: flip/;s/^merchant: false$/merchant: true/;s/^merchant: flip$/merchant: false/}' "$file"
      until [ "$(curl -sf "$url" | md5sum)" != "$before" ]; do sleep 0.01; done
    elif [ "$field" = locations ] || [ "$field" = related ]; then
      if [ "$run" = 1 ]; then
        cp "$file" "$work/with-reference"
        if [ "$field" = locations ]; then
          sed -E '0,/^locations: /{s/^locations: \[[^],]*(, )?/locations: [/}' "$file" >"$work/without-reference"
        else
          sed -E '0,/^Related: /{s/^Related: \[[^]]*\]\([^)]*\)(, )?/Related: /}' "$file" >"$work/without-reference"
        fi
      fi
      if [ $((run % 2)) = 1 ]; then cp "$work/without-reference" "$work/saved"; else cp "$work/with-reference" "$work/saved"; fi
      mv "$work/saved" "$file"
      until [ "$(curl -sf "$url" | md5sum)" != "$before" ]; do sleep 0.01; done
    elif [ -n "$field" ]; then
      sed -i -E "0,/^$field: /s/^$field: .*/$field: \"Renamed $marker\"/" "$file"
      until curl -sf "$url" | grep -q "$marker"; do sleep 0.01; done
    else
      printf '\n%s\n' "$marker" >>"$file"
      until curl -sf "$url" | grep -q "$marker"; do sleep 0.01; done
    fi
    echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$work/serve"
    sleep 0.3
  done
  median <"$work/serve"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr); $("$questlog" --version)$([ $have_hugo = 1 ] && echo ", $(hugo version | awk '{ print $1, $2 }')")"
echo
echo "| entries | Questlog full build | cold (--clean) | Hugo | ratio | ratio cold | Questlog peak RSS | cold peak RSS | Hugo peak RSS | Questlog CPU ÷ wall | entries/s | no-op rebuild | one entry edited | a value flipped | an entry added |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for size in "${sizes[@]}"; do
  site="$work/site-$size"; hugo_site="$work/hugo-$size"
  "$bin/questlog-bench" corpus "$size" "$site" "$hugo_site"
  : >"$work/q"; : >"$work/cold"; : >"$work/h"; : >"$work/ratio"; : >"$work/cold-ratio"; : >"$work/parallel"
  for _ in $(seq "$runs"); do
    rm -rf "$fast/q" "$fast/c" "$fast/h"
    # A full build into its emptied folder, the site unchanged since the last build of that
    # folder, reusing what earlier builds kept in the site's .questlog/ (the first run makes and
    # keeps it), and a cold one (`--clean`: nothing reused).
    read -r qs qm qc < <(measure "$questlog" build --quiet --site "$site" --output "$fast/q")
    echo "$qs $qm" >>"$work/q"
    awk -v c="$qc" -v w="$qs" 'BEGIN { printf "%.2f\n", c / w }' >>"$work/parallel"
    read -r cs cm _ < <(measure "$questlog" build --clean --quiet --site "$site" --output "$fast/c")
    echo "$cs $cm" >>"$work/cold"
    if [ $have_hugo = 1 ]; then
      read -r hs hm _ < <(measure hugo --quiet -s "$hugo_site" -d "$fast/h")
      echo "$hs $hm" >>"$work/h"
      awk -v q="$qs" -v h="$hs" 'BEGIN { printf "%.3f\n", q / h }' >>"$work/ratio"
      awk -v q="$cs" -v h="$hs" 'BEGIN { printf "%.3f\n", q / h }' >>"$work/cold-ratio"
    fi
  done
  q_time=$(cut -d' ' -f1 "$work/q" | median); q_mem=$(cut -d' ' -f2 "$work/q" | median)
  cold_time=$(cut -d' ' -f1 "$work/cold" | median); cold_mem=$(cut -d' ' -f2 "$work/cold" | median)
  h_time="—"; h_mem="—"; ratio="—"; cold_ratio="—"
  if [ $have_hugo = 1 ]; then
    h_time="$(cut -d' ' -f1 "$work/h" | median) s"; h_mem="$(( $(cut -d' ' -f2 "$work/h" | median | cut -d. -f1) / 1024 )) MB"
    ratio="$(median <"$work/ratio")×"; cold_ratio="$(median <"$work/cold-ratio")×"
  fi
  # Rebuilds on disk: a first build, then no change, one entry's notes edited, a value of its front
  # matter flipped, a new entry's file added.
  "$questlog" build --quiet --site "$site"
  : >"$work/noop"; : >"$work/edit"; : >"$work/value"; : >"$work/added"
  edited=$(find "$site/Content/world/npcs" -name '*.md' | sort | awk 'NR == 1')
  place=$(basename "$(find "$site/Content/world/locations" -name '*.md' | sort | awk 'NR == 1')" .md)
  for run in $(seq "$runs"); do
    measure "$questlog" build --quiet --site "$site" | cut -d' ' -f1 >>"$work/noop"
    printf '\nEdited again (%s).\n' "$run" >>"$edited"
    measure "$questlog" build --quiet --site "$site" | cut -d' ' -f1 >>"$work/edit"
    if grep -q '^merchant: true' "$edited"; then sed -i 's/^merchant: true/merchant: false/' "$edited"; else sed -i 's/^merchant: false/merchant: true/' "$edited"; fi
    measure "$questlog" build --quiet --site "$site" | cut -d' ' -f1 >>"$work/value"
    printf -- '---\nname: "Newcomer %s"\nlocations: [%s]\n---\nMet [[npc:%s]] on the road.\n' "$run" "$place" "$(basename "$edited" .md)" \
      >"$site/Content/world/npcs/newcomer-$run.md"
    measure "$questlog" build --quiet --site "$site" | cut -d' ' -f1 >>"$work/added"
  done
  per_second=$(awk -v n="$size" -v t="$q_time" 'BEGIN { printf "%.0f", n / t }')
  echo "| $size | $q_time s | $cold_time s | $h_time | $ratio | $cold_ratio | $(( ${q_mem%.*} / 1024 )) MB | $(( ${cold_mem%.*} / 1024 )) MB | $h_mem | $(median <"$work/parallel") | $per_second | $(median <"$work/noop") s | $(median <"$work/edit") s | $(median <"$work/value") s | $(median <"$work/added") s |"

  if [ "${QUESTLOG_BENCH_SERVE:-1}" = 1 ] && command -v curl >/dev/null 2>&1; then
    port=$((20000 + RANDOM % 20000))
    "$questlog" serve --quiet --site "$site" --port "$port" >/dev/null 2>&1 &
    server=$!
    q_serve=$(serve_latency "http://127.0.0.1:$port/world/npcs/$(basename "$edited" .md).html" "$edited")
    q_value=$(serve_latency "http://127.0.0.1:$port/world/npcs/$(basename "$edited" .md).html" "$edited" merchant)
    q_rename=$(serve_latency "http://127.0.0.1:$port/world/npcs/$(basename "$edited" .md).html" "$edited" name)
    q_reference=$(serve_latency "http://127.0.0.1:$port/world/npcs/$(basename "$edited" .md).html" "$edited" locations)
    # Idle: CPU ticks the server uses in 5 s without a change, once it has made in the background
    # every page of the last save (at most 60 s): until then it is still at work on that save.
    ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat" 2>/dev/null || echo 0; }
    for _ in $(seq 60); do
      before=$(ticks); sleep 1
      [ $(( $(ticks) - before )) -le 1 ] && break
    done
    before=$(ticks); sleep 5; idle=$(awk -v a="$before" -v b="$(ticks)" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", (b - a) / hz / 5 * 100 }')
    kill "$server"; wait "$server" 2>/dev/null || true
    h_serve="—"; h_value="—"; h_rename="—"; h_reference="—"
    if [ $have_hugo = 1 ]; then
      hugo_edited="$hugo_site/content/npcs/$(basename "$edited")"
      hugo server --quiet -s "$hugo_site" --port "$port" --bind 127.0.0.1 --disableLiveReload >/dev/null 2>&1 &
      server=$!
      h_serve="$(serve_latency "http://127.0.0.1:$port/npcs/$(basename "$edited" .md)/" "$hugo_edited") ms"
      h_value="$(serve_latency "http://127.0.0.1:$port/npcs/$(basename "$edited" .md)/" "$hugo_edited" merchant) ms"
      h_rename="$(serve_latency "http://127.0.0.1:$port/npcs/$(basename "$edited" .md)/" "$hugo_edited" title) ms"
      h_reference="$(serve_latency "http://127.0.0.1:$port/npcs/$(basename "$edited" .md)/" "$hugo_edited" related) ms"
      kill "$server"; wait "$server" 2>/dev/null || true
    fi
    echo "  serve at $size entries: save → new page, median of ${SERVE_EDITS:-20} edits: notes edited: Questlog $q_serve ms, \`hugo server\` $h_serve; a value edited: Questlog $q_value ms, \`hugo server\` $h_value; name edited: Questlog $q_rename ms, \`hugo server\` $h_rename; a reference edited: Questlog $q_reference ms, \`hugo server\` $h_reference; Questlog idle CPU ${idle}%"
  fi
done
