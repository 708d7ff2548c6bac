#!/usr/bin/env bash
# Runs DTrace's own test corpus (the practice split beside the repository, ../shared/conformance)
# against the built bdtrace and fails when fewer tests pass than tests/conformance/ratchet
# records. Without the corpus it says so in one line and succeeds.
#   bash scripts/conformance.sh             # class a (and a*), then class b (root: pid, USDT)
#   CONFORMANCE_CLASSES=a bash scripts/conformance.sh
# Environment: BDTRACE_BUILD_DIR (default build/), CONFORMANCE_DIR (default ../shared/conformance
#              beside the repository), CONFORMANCE_CLASSES ("a b", the default, or one of them),
#              BDTRACE_JOBS (parallel tests of class a, default 2).
# Each class's logs go to BUILD/conformance (class a) and BUILD/conformance-b; the runner's
# closing lines are printed. tests/conformance/EXCEPTIONS.md lists the tests left failing.
set -uo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
build=$(realpath -m "${BDTRACE_BUILD_DIR:-$BDTRACE_ROOT/build}")
corpus=$(realpath -m "${CONFORMANCE_DIR:-$BDTRACE_ROOT/../shared/conformance}")
ratchet=$BDTRACE_ROOT/tests/conformance/ratchet
classes=${CONFORMANCE_CLASSES:-a b}

if [ ! -f "$corpus/run_suite.py" ] || [ ! -d "$corpus/suite" ]; then
  echo "conformance: skipped: no DTrace test corpus at $corpus"
  exit 0
fi
if [ ! -x "$build/src/bdtrace" ]; then
  echo "conformance: no bdtrace at $build/src/bdtrace: build first" >&2
  exit 1
fi
python=
for p in python3.11 python3; do
  if command -v "$p" >/dev/null 2>&1 &&
     "$p" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python=$p
    break
  fi
done
if [ -z "$python" ]; then
  echo "conformance: the corpus runner needs Python 3.11 or later" >&2
  exit 1
fi
# The expected output says "dtrace:", and bdtrace names itself after argv[0].
ln -sf "$build/src/bdtrace" "$build/dtrace"

# The recorded floor of a class: the line "CLASS N" of the ratchet file.
floor() { awk -v c="$1" '$1 == c { print $2 }' "$ratchet" 2>/dev/null; }

status=0
for class in $classes; do
  case $class in
  a) args=(--classes 'a,a*' --jobs "$BDTRACE_JOBS" --timeout 15 --max-timeout 30) out=$build/conformance ;;
  b)
    if [ "$(id -u)" -ne 0 ]; then
      echo "conformance: class b skipped: it traces processes and needs root"
      continue
    fi
    args=(--classes b --build-triggers --jobs 1 --timeout 30) out=$build/conformance-b
    ;;
  *) echo "conformance: unknown class '$class' (a or b)" >&2; exit 2 ;;
  esac
  log=$out.txt
  mkdir -p "$out"
  "$python" "$corpus/run_suite.py" --dtrace "$build/dtrace" --src "$corpus/suite" "${args[@]}" \
    --include-sh --out "$out" --exit-zero >"$log" 2>&1
  run_status=$?
  # The runner closes with its count table line and "N passed, M failed, K skipped".
  echo "conformance: class $class:"
  grep -E '^(PASS [0-9]+ |[0-9]+ passed, )' "$log" | sed 's/^/  /'
  passed=$(sed -nE 's/^([0-9]+) passed, .*/\1/p' "$log" | tail -1)
  if [ "$run_status" -ne 0 ] || [ -z "$passed" ]; then
    echo "conformance: class $class: the runner failed (status $run_status); see $log" >&2
    tail -5 "$log" >&2
    status=1
    continue
  fi
  want=$(floor "$class")
  if [ -n "$want" ] && [ "$passed" -lt "$want" ]; then
    echo "conformance: class $class: $passed passed, fewer than the $want recorded in tests/conformance/ratchet" >&2
    echo "  failures: grep -E '^(FAIL|TIMEOUT)' $log; diffs under $out/logs/" >&2
    status=1
  elif [ -n "$want" ] && [ "$passed" -gt "$want" ]; then
    echo "  more than the $want recorded: raise the ratchet (tests/conformance/ratchet)"
  fi
done
exit $status
