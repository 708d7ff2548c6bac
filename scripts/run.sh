#!/usr/bin/env bash
# Builds bdtrace (Release unless BDTRACE_BUILD_TYPE says otherwise) and runs it.
#   sudo bash scripts/run.sh [bdtrace arguments]   # with no arguments: a short demo
# Environment: BDTRACE_BUILD_DIR (default build/), BDTRACE_BUILD_TYPE, BDTRACE_JOBS (default 2),
#              BDTRACE_DEMO (default: trace) picks the demo.
# Build output goes to stderr, so stdout is bdtrace's own.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# No cd before exec: bdtrace's arguments may be paths relative to the caller's directory.

bash "$BDTRACE_ROOT/scripts/deps.sh"
build=$(realpath -m "${BDTRACE_BUILD_DIR:-$BDTRACE_ROOT/build}")
bdtrace_configure "$build" "-DCMAKE_BUILD_TYPE=$BDTRACE_BUILD_TYPE"
cmake --build "$build" --target bdtrace -j "$BDTRACE_JOBS" >&2
bdtrace=$build/src/bdtrace

if [ $# -gt 0 ]; then
  exec "$bdtrace" "$@"
fi

# ---- demos: one function each; BDTRACE_DEMO names the one to run ---------------------------

# Real tracing: two seconds of the kernel providers and a profile (needs root, like every tracing run).
demo_trace() {
  cd "$BDTRACE_ROOT"
  echo "\$ bdtrace -s examples/demo.d"
  "$bdtrace" -s examples/demo.d
}

# Compile every example (bdtrace -e: stop after the front end) and show one syntax tree.
demo_compile() {
  cd "$BDTRACE_ROOT"
  echo "Compiling the example scripts (bdtrace -e) and printing the syntax tree of one."
  echo
  local f out failed=0
  for f in examples/*.d; do
    if out=$("$bdtrace" -e -s "$f" 2>&1); then
      printf '  compiled  %s\n' "$f"
    else
      printf '  FAILED    %s\n' "$f"
      printf '%s\n' "$out" | sed 's/^/            /'
      failed=1
    fi
  done
  echo
  echo "\$ bdtrace --dump-ast -e -s examples/hello.d"
  "$bdtrace" --dump-ast -e -s examples/hello.d || failed=1
  return "$failed"
}

demo=${BDTRACE_DEMO:-trace}
if ! declare -F "demo_$demo" >/dev/null; then
  echo "run.sh: unknown demo '$demo' (known: $(declare -F | sed -n 's/^declare -f demo_//p' | xargs))" >&2
  exit 2
fi
"demo_$demo"
