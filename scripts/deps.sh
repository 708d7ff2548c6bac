#!/usr/bin/env bash
# Installs the Debian packages bdtrace needs to build and test, and only those that are missing.
# Safe to run again and again: with everything present it does nothing and needs no root.
#   bash scripts/deps.sh            # install what is missing to build
#   bash scripts/deps.sh --test     # and what only the tests need (scripts/test.sh does this)
#   BDTRACE_SKIP_DEPS=1 ...         # do not touch packages (another distribution, a packager's build)
# It may also be sourced; it then defines bdtrace_deps and runs it once.

# One package a line: adding a dependency is adding a line.
BDTRACE_PACKAGES=(
  cmake
  ninja-build
  g++
  pkg-config
  libgtest-dev
  libgmock-dev
  clang               # the fuzz build (libFuzzer needs clang)
  libclang-rt-14-dev  # libFuzzer and the sanitizer runtimes for clang 14
  llvm                # llvm-symbolizer: function names and lines in sanitizer reports
  libbpf-dev          # the kernel boundary: program load, maps, BTF, ring buffer
  libelf-dev
  libc6-dbg           # the C library's local functions for ustack() names (tests name __libc_start_call_main)
  libdw-dev           # DWARF for ustack() symbolisation and unwinding
  libzydis-dev        # x86 decoding for pid-provider instruction offsets
  nlohmann-json3-dev  # JSON output (-x oformat=json), header-only
  zlib1g-dev
  make                # the usdtgen tests build their program with a Makefile
  systemtap-sdt-dev   # sys/sdt.h: the USDT probes of the test programs (tests/e2e/usdt, unit tests)
  python3.11          # a real USDT client: python:::function-entry (tests/e2e/usdt); the conformance runner
  gawk                # the conformance corpus's post-processors (scripts/conformance.sh)
  bpftool             # the kernel's BPF object listing: no link or program outlives a killed dtrace (tests/e2e/harm)
  libcpp-httplib-dev  # -x prometheus serves HTTP with cpp-httplib
  dpkg-dev            # cpack -G DEB: dpkg-shlibdeps derives the package's dependencies
  file                # cpack -G DEB: which installed files are ELF objects
)

# Only the tests use these: installed by "deps.sh --test" (scripts/test.sh, CI), and by the
# tests that need them when they are missing.
BDTRACE_TEST_PACKAGES=(
  prometheus          # tests/system/prometheus.sh scrapes -x prometheus with a real server
  man-db              # tests/system/package.sh: man -w finds the installed man pages
  strace              # tests/e2e/core/tst.begin_opens_no_btf.sh: the files a run opens
)

bdtrace_deps() {
  if [ -n "${BDTRACE_SKIP_DEPS:-}" ]; then
    return 0
  fi
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps: dpkg-query not found: not a Debian system; install the equivalents of: ${BDTRACE_PACKAGES[*]}" >&2
    return 0
  fi

  local missing=() pkg status wanted=("${BDTRACE_PACKAGES[@]}")
  [ "${1:-}" = --test ] && wanted+=("${BDTRACE_TEST_PACKAGES[@]}")
  for pkg in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
    [ "${status:0:2}" = "ii" ] || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0

  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "deps: missing packages (${missing[*]}) and not root; run as root or install them" >&2
      return 1
    fi
  fi

  echo "deps: installing ${missing[*]}" >&2
  # Progress goes to stderr so that a caller's stdout stays its own.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2 || return 1
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null >&2 || return 1
}

bdtrace_deps "$@"
