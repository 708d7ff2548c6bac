# shellcheck shell=bash
# Shared by run.sh, test.sh and fuzz.sh (sourced, not run): where things are and how to configure.
BDTRACE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BDTRACE_JOBS=${BDTRACE_JOBS:-2}
BDTRACE_BUILD_TYPE=${BDTRACE_BUILD_TYPE:-Release}  # of run.sh and test.sh (one build serves both)

# Configures BUILD_DIR with Ninja unless it is configured already (a build directory keeps the
# generator it was made with), then applies the extra -D arguments.
bdtrace_configure() {
  local build=$1
  shift
  local gen=()
  [ -f "$build/CMakeCache.txt" ] || gen=(-G Ninja)
  cmake -S "$BDTRACE_ROOT" -B "$build" "${gen[@]}" "$@" >&2
}
