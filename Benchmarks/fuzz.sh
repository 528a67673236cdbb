#!/usr/bin/env bash
# Builds one fuzz target of Fuzz/ with libFuzzer and AddressSanitizer and runs it for SECONDS over
# its checked-in seeds (Fuzz/corpus/TARGET/). New inputs go to a scratch corpus, never into the
# repository; a crash is written to .build/fuzz/TARGET/crash-* and the script exits non-zero.
#
#   Benchmarks/fuzz.sh FuzzMarkdown 60
#   Benchmarks/fuzz.sh FuzzMarkdown 60 -jobs=1 -max_len=8192   (more libFuzzer options)
#
# Targets: FuzzFrontMatter, FuzzMarkdown, FuzzMustache, FuzzSearchTokenizer, FuzzSite.
# Replay a crash in a plain debug build: swift build && .build/debug/TARGET CRASH_FILE
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi
target=$1
seconds=$2
shift 2
if [ ! -d "Fuzz/$target" ] || [ "$target" = FuzzSupport ]; then
  echo "no fuzz target Fuzz/$target" >&2
  exit 64
fi

# SwiftPM links an executable's main as TARGET_main; gold cannot link that beside libFuzzer's own
# main, lld can. The fuzz build has its own folder, so it does not disturb the normal builds. The
# theme-embedding tool runs during the build with AddressSanitizer too: its exit-time leaks are
# not findings.
ASAN_OPTIONS=detect_leaks=0 swift build -c release --scratch-path .build/fuzz-build --product "$target" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DQUESTLOG_FUZZ \
  -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
binary="$(swift build -c release --scratch-path .build/fuzz-build --show-bin-path)/$target"

work=".build/fuzz/$target"
mkdir -p "$work/corpus"
cd "$work"
"$binary" corpus "$OLDPWD/Fuzz/corpus/$target" -max_total_time="$seconds" -timeout=10 \
  -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 "$@"
