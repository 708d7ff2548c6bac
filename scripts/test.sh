#!/usr/bin/env bash
# Builds bdtrace with its tests, runs them all with ctest, runs DTrace's own test corpus when it
# is beside the repository (scripts/conformance.sh), then fuzzes the parser.
#   sudo bash scripts/test.sh            # exit status 0 only when everything passed
# Environment: BDTRACE_BUILD_DIR (default build/), BDTRACE_BUILD_TYPE (default Release),
#              BDTRACE_JOBS (default 2),
#              FUZZ_SECONDS (default 60; 0 only replays the seed corpus), see also fuzz.sh;
#              CONFORMANCE_DIR, CONFORMANCE_CLASSES, see conformance.sh.
set -uo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
build=$(realpath -m "${BDTRACE_BUILD_DIR:-$BDTRACE_ROOT/build}")
cd "$BDTRACE_ROOT" || exit 1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
timings=()
phase_start=$SECONDS
phase_done() { timings+=("$1 $((SECONDS - phase_start))s"); phase_start=$SECONDS; }

bash scripts/deps.sh --test || { echo "test.sh: installing dependencies failed" >&2; exit 1; }
phase_done deps

if ! bdtrace_configure "$build" "-DCMAKE_BUILD_TYPE=$BDTRACE_BUILD_TYPE" -DBDTRACE_TESTS=ON ||
   ! cmake --build "$build" -j "$BDTRACE_JOBS"; then
  echo "test.sh: build failed" >&2
  exit 1
fi
phase_done build

ctest --test-dir "$build" --output-on-failure 2>&1 | tee "$log"
ctest_status=${PIPESTATUS[0]}
phase_done ctest

BDTRACE_BUILD_DIR=$build bash scripts/conformance.sh
conformance_status=$?
phase_done conformance

bash scripts/fuzz.sh
fuzz_status=$?
phase_done fuzz

echo
echo "test.sh: phases: ${timings[*]}"
[ "$conformance_status" -eq 0 ] && echo "test.sh: conformance passed" ||
  echo "test.sh: conformance FAILED (status $conformance_status)"
[ "$fuzz_status" -eq 0 ] && echo "test.sh: fuzz passed" || echo "test.sh: fuzz FAILED (status $fuzz_status)"
# ctest's own summary closes the output.
grep -E '^[0-9]+% tests passed' "$log" || echo "test.sh: ctest printed no summary (status $ctest_status)"
[ "$ctest_status" -eq 0 ] && [ "$conformance_status" -eq 0 ] && [ "$fuzz_status" -eq 0 ]
