#!/usr/bin/env bash
# Benchmarks bdtrace against bpftrace side by side (see bench/README.md). Needs root.
#   sudo bash bench/run.sh                                # build/src/bdtrace, 10 runs each
#   sudo bash bench/run.sh --bdtrace PATH --runs 20       # another binary, more runs
#   sudo bash bench/run.sh --markdown                     # the table for README.md
# Installs bpftrace (and python3, gcc) from Debian when missing; builds no bdtrace.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ "$(id -u)" -ne 0 ]; then
  echo "bench: needs root (BPF programs and perf events): sudo bash bench/run.sh" >&2
  exit 2
fi

missing=()
command -v bpftrace >/dev/null 2>&1 || missing+=(bpftrace)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v cc >/dev/null 2>&1 || missing+=(gcc)  # builds the pid cases' target (bench/pid_target.c)
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y "${missing[@]}" >&2; then
    apt-get update >&2
    apt-get install -y "${missing[@]}" >&2
  fi
fi

# -B: no __pycache__ in the source tree (run.py imports event_cost.py).
exec python3 -B "$here/run.py" "$@"
