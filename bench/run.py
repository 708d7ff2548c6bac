#!/usr/bin/env python3
"""Side-by-side benchmarks of bdtrace and bpftrace, in one run on one machine.

usage: bench/run.py [--bdtrace PATH] [--runs N]

Measures, for each tracer, the median over N runs of:
  startup   wall time of a program that exits in its first probe (BEGIN { exit(0); })
  rss       peak resident set size of that run
  tick      time from launch until the first tick-1ms probe has fired and the tracer exited
and prints bdtrace's numbers next to bpftrace's with the ratio bpftrace / bdtrace (above 1 means
bdtrace is faster or smaller). Needs root. Installs nothing: run scripts/deps.sh (bpftrace is a
Debian package) first. Benchmarks are not tests: nothing here asserts a number.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

CASES = {
    "startup": {
        "bdtrace": ["-q", "-n", "BEGIN { exit(0); }"],
        "bpftrace": ["-e", "BEGIN { exit(); }"],
    },
    "tick": {
        "bdtrace": ["-q", "-n", "profile:::tick-1ms { exit(0); }"],
        "bpftrace": ["-e", "interval:ms:1 { exit(); }"],
    },
}


def run_once(argv):
    """Wall seconds and the child's peak RSS in KiB of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {proc.stderr.decode(errors='replace').strip()}")
    # ru_maxrss of RUSAGE_CHILDREN is the largest of all children so far: measure each tracer in
    # its own process tree (see main) so that the maximum is its own.
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(rss, before)


def measure(tool, path, case, runs):
    walls, rsss = [], []
    for _ in range(runs):
        wall, rss = run_once([path] + CASES[case][tool])
        walls.append(wall)
        rsss.append(rss)
    return statistics.median(walls), max(rsss)


def child(tool, path, runs):
    """Runs one tool's cases in a fresh process so that its RSS maximum is its own."""
    out = {}
    for case in CASES:
        out[case] = measure(tool, path, case, runs)
    return out


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--bdtrace", default=os.path.join(here, "..", "build", "src", "bdtrace"))
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        tool, path = args.child
        res = child(tool, path, args.runs)
        for case, (wall, rss) in res.items():
            print(f"{case} {wall} {rss}")
        return 0
    if os.geteuid() != 0:
        print("bench: needs root", file=sys.stderr)
        return 2
    bpftrace = shutil.which("bpftrace")
    if not bpftrace:
        print("bench: bpftrace is not installed (apt-get install bpftrace)", file=sys.stderr)
        return 2
    results = {}
    for tool, path in (("bdtrace", os.path.abspath(args.bdtrace)), ("bpftrace", bpftrace)):
        out = subprocess.run([sys.executable, __file__, "--runs", str(args.runs), "--child", tool, path],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(out.stderr, file=sys.stderr)
            return 1
        results[tool] = {line.split()[0]: (float(line.split()[1]), int(line.split()[2]))
                         for line in out.stdout.splitlines()}
    uname = os.uname()
    print(f"machine: {uname.sysname} {uname.release} {uname.machine}, {os.cpu_count()} CPUs; "
          f"median of {args.runs} runs")
    print(f"{'measure':<22}{'bdtrace':>14}{'bpftrace':>14}{'ratio':>10}")
    for case in CASES:
        bw, brss = results["bdtrace"][case]
        pw, prss = results["bpftrace"][case]
        print(f"{case + ' wall (ms)':<22}{bw * 1000:>14.1f}{pw * 1000:>14.1f}{pw / bw:>9.1f}x")
        if case == "startup":
            print(f"{'peak RSS (MiB)':<22}{brss / 1024:>14.1f}{prss / 1024:>14.1f}{prss / brss:>9.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
