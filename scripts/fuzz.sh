#!/usr/bin/env bash
# Fuzzes the D parser with libFuzzer (tests/fuzz/parse_fuzz) under ASan and UBSan.
#   bash scripts/fuzz.sh                 # 60 seconds; exit status non-zero on any crash
# Environment: FUZZ_SECONDS (default 60; 0 only replays the seed corpus),
#              BDTRACE_FUZZ_BUILD_DIR (default build-fuzz/), BDTRACE_JOBS (default 2).
# The seed corpus is every .d file under tests/lang/ and examples/, copied to a temporary
# directory; crash artifacts go there too and are printed, never written into the tree.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
seconds=${FUZZ_SECONDS:-60}
build=$(realpath -m "${BDTRACE_FUZZ_BUILD_DIR:-$BDTRACE_ROOT/build-fuzz}")
cd "$BDTRACE_ROOT"

bash scripts/deps.sh
# Debug keeps assert() on; -O1 keeps the fuzzer fast enough. Warnings are not errors here: this
# build exists to find crashes, and the main build already enforces -Werror.
sanitize="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
flags="$sanitize -fno-omit-frame-pointer -O1 -g"
bdtrace_configure "$build" \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
  -DBDTRACE_FUZZ=ON -DBDTRACE_TESTS=ON -DBDTRACE_WERROR=OFF
cmake --build "$build" --target parse_fuzz -j "$BDTRACE_JOBS" >&2
fuzzer=$build/tests/fuzz/parse_fuzz

work=$(mktemp -d "${TMPDIR:-/tmp}/bdtrace-fuzz.XXXXXX")
keep_work=0
trap '[ "$keep_work" = 1 ] || rm -rf "$work"' EXIT
mkdir -p "$work/corpus" "$work/artifacts"

seeds=0
while IFS= read -r -d '' f; do
  seeds=$((seeds + 1))
  cp "$f" "$work/corpus/seed-$seeds.d"
done < <(find tests/lang examples -type f -name '*.d' -print0 2>/dev/null)

args=(-timeout=10 -rss_limit_mb=2048 "-artifact_prefix=$work/artifacts/" -print_final_stats=1)
[ -f tests/fuzz/d.dict ] && args+=(-dict=tests/fuzz/d.dict)
if [ "$seconds" -gt 0 ]; then
  args+=("-max_total_time=$seconds")
  echo "fuzz: parse_fuzz for ${seconds}s from $seeds seed files"
else
  args+=(-runs=0)  # libFuzzer reads max_total_time=0 as "no limit": replay the seeds instead
  echo "fuzz: parse_fuzz replaying $seeds seed files"
fi

# libFuzzer logs every new coverage point; keep that in a file and show it only on failure.
status=0
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:print_legend=0} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  "$fuzzer" "${args[@]}" "$work/corpus" >"$work/log" 2>&1 || status=$?

if [ "$status" -eq 0 ]; then
  grep -E '^(Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/log" |
    sed 's/^/fuzz: /' || true
  echo "fuzz: no crash"
  exit 0
fi

keep_work=1
echo "fuzz: parse_fuzz FAILED (status $status); its report:"
# From the sanitizer's or libFuzzer's first error line on; the whole tail if there is none.
if grep -qE 'ERROR:|runtime error:|ALARM:' "$work/log"; then
  awk '/ERROR:|runtime error:|ALARM:/ { on = 1 } on' "$work/log" | head -n 200
else
  tail -n 80 "$work/log"
fi
for a in "$work"/artifacts/*; do
  [ -f "$a" ] || continue
  echo
  echo "fuzz: artifact $a ($(wc -c <"$a") bytes); reproduce with: $fuzzer FILE"
  echo "fuzz: as text (first 2000 bytes):"
  head -c 2000 "$a" | cat -v
  echo
  echo "fuzz: as base64 (decode with base64 -d > FILE):"
  base64 "$a"
done
echo "fuzz: work directory kept: $work"
exit "$status"
