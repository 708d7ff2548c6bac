#!/usr/bin/env python3
"""Side-by-side benchmarks of bdtrace and bpftrace, in one run on one machine.

usage: bench/run.py [--bdtrace PATH] [--bpftrace PATH] [--runs N] [--event-runs N] [--window S]
                    [--pid-runs N] [--pid-all-timeout S] [--flood-runs N] [--flood-calls N]
                    [--libc-runs N] [--only core|opens|pid|syscall|ustack|watch|flood|libc] [--markdown]

For each tracer and each case below, runs the tracer N times (after one unmeasured warm-up run)
and reports the median, minimum and maximum of:
  wall      launch-to-exit wall time of the tracer process
  cpu       user + system CPU time of that process (less sensitive to other load than wall)
  peak RSS  the process's own peak resident set size (ru_maxrss from wait4, so one number per run
            and per process: never the running maximum over all children of RUSAGE_CHILDREN)

Cases:
  startup   a program that exits in its first probe: BEGIN { exit(0); } (bpftrace: BEGIN { exit(); })
  opens     the files a BEGIN-only program opens, shared libraries aside, for both tracers
            (see opens_cases.py; one run under strace each): the guard that startup reads no
            kernel symbols or types it does not need
  tick      time to the first event of a timer probe: profile:::tick-1ms { exit(0); }
            (bpftrace: interval:ms:1 { exit(); }); launch-to-exit wall time
  per event the time the kernel counts in the tracer's BPF programs per event of profile-4999
            (bpftrace: profile:hz:4999) with a few busy processes running, for a clause that does
            nothing and for a few aggregations (see event_cost.py); --event-runs runs of
            --window seconds each, no warm-up (loading and exit are outside the window anyway)
  syscall   the syscall provider (see syscall_cases.py): start to exit of a program on 10 system
            calls' entry probes with an aggregation and a printf (bpftrace: the same
            tracepoint:syscalls:sys_enter_<call> probes), and the BPF time per event of
            syscall:::entry (bpftrace: tracepoint:raw_syscalls:sys_enter) for the floor,
            @[tid] = count() and @ = count()
  flood     a flood of records (see flood_cases.py): a program making --flood-calls getppid()
            calls (3,000,000) traced with -c and a printf per call, default options: the lines
            each tracer delivers and the drops it reports, the records its consumer turns into
            text per second of its CPU time, wall time and peak RSS; --flood-runs runs after a
            warm-up of a tenth of the flood
  pid       the pid provider (see pid_cases.py), on a process the bench builds and traces with -p:
            time to the first event and time to exit after SIGINT with the probes of
            pid$PID:libc.so.6:str*:entry and of every libc function (bpftrace: the same
            uprobes), --pid-runs runs after a warm-up (bpftrace on all of libc: one attempt, up
            to --pid-all-timeout seconds); and the cost of a uprobe per call of a function, in
            the target's own CPU time and in BPF time (kernel.bpf_stats_enabled), untraced, with
            an empty BPF program and with each tracer's clauses, --event-runs windows of
            --window seconds
  libc      every function of libc traced in a real workload (see libc_cases.py): a CPython loop
            of json and str calls, its CPU time untraced and with pid$target:libc.so.6::entry
            { @ = count(); } (bpftrace: uprobe:LIBC:*), --libc-runs runs interleaved
  ustack    @[ustack()] = count() under profile-997 (see stacks_cases.py): BPF time per event, frames
            per sample and the tracer's CPU time, against bpftrace's @[ustack] = count()
  watch     the process watch (see watch_cases.py; bdtrace only): what it adds to an exec and to
            an mmap of a file or of anonymous memory, and its BPF time per event; then the same
            when it reports every event (a ustack() clause on a system-wide probe)

The runs of the two tracers are interleaved (bdtrace, bpftrace, bdtrace, ...) so that a change in the
machine's load during the run affects both alike. Ratios are bpftrace / bdtrace of the medians:
above 1 means bdtrace is faster or smaller.

Needs root. Installs nothing (bench/run.sh installs bpftrace when missing) and builds nothing.
Benchmarks are not tests: nothing here asserts a number; a tracer that fails or times out stops
the run with its error output.
"""
import argparse
import datetime
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import event_cost
import flood_cases
import libc_cases
import opens_cases
import pid_cases
import stacks_cases
import syscall_cases
import watch_cases

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TOOLS = ("bdtrace", "bpftrace")

CASES = {
    "startup": {
        "title": "startup: BEGIN { exit }",
        "bdtrace": ["-q", "-n", "BEGIN { exit(0); }"],
        "bpftrace": ["-e", "BEGIN { exit(); }"],
    },
    "tick": {
        "title": "first event: tick-1ms / interval:ms:1",
        "bdtrace": ["-q", "-n", "profile:::tick-1ms { exit(0); }"],
        "bpftrace": ["-e", "interval:ms:1 { exit(); }"],
    },
}

SKIPPED = []

TIMEOUT = 60.0


def run_once(argv):
    """(wall s, cpu s, peak RSS KiB) of one run of argv, from its own wait4 rusage."""
    # posix_spawn starts the child on this process's memory (vfork), so the child's ru_maxrss
    # would count Python's resident set. /usr/bin/time forks a small process whose child's own
    # peak is what it prints.
    rss_file = None
    if os.path.exists("/usr/bin/time"):
        rss_file = tempfile.NamedTemporaryFile(delete=False)
        rss_file.close()
        argv = ["/usr/bin/time", "-f", "%M", "-o", rss_file.name] + list(argv)
    with tempfile.TemporaryFile() as err:
        fa = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
              (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
              (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
        t0 = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=fa)
        # A timer kills a hung tracer; wait4 blocks, so no polling delay is added to the wall time.
        timer = threading.Timer(TIMEOUT, lambda: os.kill(pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, ru = os.wait4(pid, 0)
            wall = time.perf_counter() - t0
        finally:
            timer.cancel()
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            err.seek(0)
            msg = err.read().decode(errors="replace").strip()
            why = f"exit status {code}" if code > 0 else f"killed by signal {-code}"
            if code == -signal.SIGKILL:
                why += f" (timeout {TIMEOUT:.0f} s?)"
            raise RuntimeError(f"{' '.join(argv)}: {why}\n{msg}")
    rss = ru.ru_maxrss
    if rss_file is not None:
        with open(rss_file.name) as f:
            lines = [l for l in f.read().split() if l.isdigit()]
        os.unlink(rss_file.name)
        if lines:
            rss = int(lines[-1])
    return wall, ru.ru_utime + ru.ru_stime, rss


def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}


def measure(paths, runs):
    """results[case][tool] = {"wall": summary, "cpu": summary, "rss": summary}."""
    results = {}
    for case, spec in CASES.items():
        samples = {tool: {"wall": [], "cpu": [], "rss": []} for tool in TOOLS}
        for tool in TOOLS:  # warm-up: page cache, BTF in the page cache, first-run costs
            run_once([paths[tool]] + spec[tool])
        for _ in range(runs):
            for tool in TOOLS:
                wall, cpu, rss = run_once([paths[tool]] + spec[tool])
                samples[tool]["wall"].append(wall)
                samples[tool]["cpu"].append(cpu)
                samples[tool]["rss"].append(rss)
        results[case] = {tool: {k: summary(v) for k, v in samples[tool].items()} for tool in TOOLS}
    return results


def first_line(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=10)
        text = (out.stdout or out.stderr).strip()
        return text.splitlines()[0] if text else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = "?"
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                    break
    except OSError:
        pass
    return f"Linux {platform.release()} {platform.machine()}, {os.cpu_count()} CPUs ({model}), {mem} RAM"


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def git_rev():
    try:
        rev = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return rev + ("+dirty" if dirty else "") if rev else "?"
    except OSError:
        return "?"


def build_type(binary):
    """CMAKE_BUILD_TYPE of the build directory holding binary (<dir>/src/bdtrace), or None."""
    cache = os.path.join(os.path.dirname(os.path.dirname(binary)), "CMakeCache.txt")
    try:
        with open(cache) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    return line.split("=", 1)[1].strip() or "(none)"
    except OSError:
        pass
    return None


def event_rows(prefix, cases, events):
    """The lines of per-event cases: each case's BPF ns/event and, past the floor (a clause that
    does nothing), what the case adds to it (the medians' difference)."""
    out = []
    floor = events["floor"]
    for case, (title, _, _) in cases.items():
        b, p = events[case]["bdtrace"]["ns"], events[case]["bpftrace"]["ns"]
        out.append((f"{prefix}: {title}: BPF ns/event", cell(b, 1), cell(p, 1), ratio(b["median"], p["median"], 2)))
        if case != "floor" and not case.startswith("filter"):  # a filter is its own floor
            db = b["median"] - floor["bdtrace"]["ns"]["median"]
            dp = p["median"] - floor["bpftrace"]["ns"]["median"]
            out.append((f"{prefix}: {title}: added to the floor (ns)", f"{db:.1f}", f"{dp:.1f}", ratio(db, dp, 2)))
    return out


def rows(results, events, window):
    """(label, bdtrace cell, bpftrace cell, ratio) of each line of the table."""
    out = []
    for case, spec in CASES.items():
        r = results[case]
        for what, key, scale in (("wall (ms)", "wall", 1000), ("CPU user+sys (ms)", "cpu", 1000),
                                 ("peak RSS (MiB)", "rss", 1 / 1024)):
            b, p = r["bdtrace"][key], r["bpftrace"][key]
            out.append((f"{spec['title']}: {what}", cell(b, scale), cell(p, scale), ratio(b["median"], p["median"])))
    event = "per event"
    out += event_rows(event, event_cost.EVENT_CASES, events)
    # The events each run counted, over all the cases: enough of them to make ns/event meaningful,
    # and about as many for both tracers (bpftrace's profile:hz adapts its period, bdtrace's is fixed).
    pooled = {}
    for t in TOOLS:
        per_case = [c[t]["events"] for c in events.values()]
        pooled[t] = {"median": statistics.median(s["median"] for s in per_case),
                     "min": min(s["min"] for s in per_case), "max": max(s["max"] for s in per_case)}
    out.append((f"{event}: events per {window:g} s window, all cases (thousands)",
                cell(pooled["bdtrace"], 1 / 1000), cell(pooled["bpftrace"], 1 / 1000), ""))
    return out


def syscall_rows(start, events, window):
    """The table's lines for the syscall provider's cases."""
    out = []
    for what, key, scale in (("wall (ms)", "wall", 1000), ("CPU user+sys (ms)", "cpu", 1000),
                             ("peak RSS (MiB)", "rss", 1 / 1024)):
        b, p = start["bdtrace"][key], start["bpftrace"][key]
        out.append((f"{syscall_cases.START_TITLE}: {what}", cell(b, scale), cell(p, scale),
                    ratio(b["median"], p["median"])))
    return out + event_rows("per syscall event", syscall_cases.EVENT_CASES, events)


def pid_rows(attach, calls):
    """The table's lines for the pid provider's cases."""
    out = []
    for case, (title, _, _) in pid_cases.ATTACH_CASES.items():
        r = attach[case]
        counts = " / ".join(str(r[t].get("probes") or "?") for t in TOOLS)
        label = f"pid attach: {title}, {counts} probes"
        failed = any("error" in r[t] for t in TOOLS)
        for what, key in (("time to live (ms)", "live"), ("time to exit after SIGINT (ms)", "exit"),
                          ("live + exit (ms)", "total"), ("CPU user+sys (ms)", "cpu")):
            # A tracer that failed says what happened once, in the first row.
            cells = [(r[t]["error"] if key == "live" else "-") if "error" in r[t]
                     else cell(r[t][key], 1000) for t in TOOLS]
            rt = "" if failed else ratio(r["bdtrace"][key]["median"], r["bpftrace"][key]["median"])
            out.append((f"{label}: {what}", cells[0], cells[1], rt))
    untraced = calls["untraced"]
    out.append(("uprobe per call: untraced: target CPU ns/call", cell(untraced, 1), cell(untraced, 1), ""))
    for case, (title, _, _) in pid_cases.CALL_CASES.items():
        r = calls[case]
        b, p = r["bdtrace"], r["bpftrace"]
        out.append((f"uprobe per call: {title}: target CPU ns/call", cell(b["call"], 1),
                    cell(p["call"], 1), ratio(b["call"]["median"], p["call"]["median"], 2)))
        db = b["call"]["median"] - untraced["median"]
        dp = p["call"]["median"] - untraced["median"]
        out.append((f"uprobe per call: {title}: added to the untraced call (ns)", f"{db:.0f}",
                    f"{dp:.0f}", ratio(db, dp, 2)))
        out.append((f"uprobe per call: {title}: BPF ns/event", cell(b["bpf"], 1), cell(p["bpf"], 1),
                    ratio(b["bpf"]["median"], p["bpf"]["median"], 2)))
        if case in ("count", "count_key"):
            fb = calls["floor"]["bdtrace"]["bpf"]["median"]
            fp = calls["floor"]["bpftrace"]["bpf"]["median"]
            db, dp = b["bpf"]["median"] - fb, p["bpf"]["median"] - fp
            out.append((f"uprobe per call: {title}: BPF added to the floor (ns)", f"{db:.1f}",
                        f"{dp:.1f}", ratio(db, dp, 2)))
    return out


def stacks_rows(events, depth):
    """The table's lines for the ustack() key cases."""
    out = event_rows("ustack key, profile-997", stacks_cases.EVENT_CASES, events)
    out.append(("ustack key, profile-997: frames per sample (mean)", f"{depth['bdtrace']['frames']:.1f}",
                f"{depth['bpftrace']['frames']:.1f}", ""))
    out.append((f"ustack key, profile-997: tracer CPU over the run (ms)", f"{depth['bdtrace']['cpu'] * 1000:.0f}",
                f"{depth['bpftrace']['cpu'] * 1000:.0f}", ratio(depth["bdtrace"]["cpu"], depth["bpftrace"]["cpu"])))
    return out


def watch_rows(results, mode=""):
    """The table's lines for the process watch (bdtrace only); mode: "" or ", every report"."""
    out = []
    for op, (title, _) in watch_cases.OPS.items():
        r = results[op]
        title += mode
        out.append((f"process watch: {title}: ns/op untraced", cell(r["untraced"], 1), "-", ""))
        out.append((f"process watch: {title}: ns/op watched", cell(r["watched"], 1), "-", ""))
        out.append((f"process watch: {title}: added per op (ns)",
                    f"{r['watched']['median'] - r['untraced']['median']:.0f}", "-", ""))
        for prog in ("exec", "mmap"):
            if r[f"{prog}_ns"]:
                out.append((f"process watch: {title}: {prog} program: BPF ns/event", cell(r[f"{prog}_ns"], 1), "-", ""))
            out.append((f"process watch: {title}: {prog} program: events per op", cell(r[f"{prog}_events"], 1),
                        "-", ""))
    return out


def cell(s, scale):
    return f"{s['median'] * scale:.1f} ({s['min'] * scale:.1f}-{s['max'] * scale:.1f})"


def ratio(b, p, digits=1):
    return f"{p / b:.{digits}f}x" if b > 0 else "-"


def print_text(header, table_rows, skipped):
    for line in header:
        print(line)
    table = [("measure: median (min-max)", "bdtrace", "bpftrace", "bpftrace/bdtrace")] + table_rows
    w = [max(len(r[i]) for r in table) for i in range(4)]
    for r in table:
        print(f"{r[0]:<{w[0]}}  {r[1]:>{w[1]}}  {r[2]:>{w[2]}}  {r[3]:>{w[3]}}")
    for name, why in skipped:
        print(f"{name}: not measured: {why}")


def print_markdown(header, table_rows, skipped):
    for line in header:
        print(f"- {line}")
    print()
    print("| measure: median (min-max) | bdtrace | bpftrace | bpftrace / bdtrace |")
    print("|---|---:|---:|---:|")
    for label, b, p, r in table_rows:
        print(f"| {label} | {b} | {p} | {r} |")
    print()
    for name, why in skipped:
        print(f"- {name}: not measured: {why}.")


def main():
    ap = argparse.ArgumentParser(description="bdtrace against bpftrace, side by side.")
    ap.add_argument("--bdtrace", default=os.environ.get("BDTRACE", os.path.join(REPO, "build", "src", "bdtrace")),
                    help="bdtrace binary (default: $BDTRACE or build/src/bdtrace)")
    ap.add_argument("--bpftrace", default=shutil.which("bpftrace") or "/usr/bin/bpftrace",
                    help="bpftrace binary (default: the one on PATH)")
    ap.add_argument("--runs", type=int, default=10, help="measured runs per tracer and case (default 10)")
    ap.add_argument("--event-runs", type=int, default=5,
                    help="measured runs per tracer of each per-event case (default 5)")
    ap.add_argument("--window", type=float, default=1.0,
                    help="seconds counted in each per-event run (default 1)")
    ap.add_argument("--pid-runs", type=int, default=5,
                    help="measured attach/detach runs per tracer of each pid case (default 5)")
    ap.add_argument("--pid-all-timeout", type=float, default=120.0,
                    help="seconds bpftrace may take to its first event on every libc function (default 120)")
    ap.add_argument("--flood-runs", type=int, default=3, help="measured runs per tracer of the flood (default 3)")
    ap.add_argument("--flood-calls", type=int, default=3000000,
                    help="getppid() calls of the flood (default 3000000)")
    ap.add_argument("--libc-runs", type=int, default=3,
                    help="runs per tracer of the every-libc-function workload (default 3)")
    ap.add_argument("--only", choices=("core", "opens", "pid", "syscall", "ustack", "watch", "flood", "libc"),
                    help="run only the first cases (startup, first event, per event), only the pid ones, "
                         "the files a BEGIN-only program opens (also part of core), the syscall ones, the ustack() key ones, the process watch's, the flood or "
                         "the every-libc-function workload")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for README.md)")
    args = ap.parse_args()
    if args.runs < 1 or args.event_runs < 1 or args.pid_runs < 1 or args.flood_runs < 1 or args.flood_calls < 1:
        ap.error("--runs, --event-runs, --pid-runs, --flood-runs and --flood-calls must be at least 1")
    if args.window <= 0:
        ap.error("--window must be positive")
    if os.geteuid() != 0:
        print("bench: needs root (BPF programs and perf events)", file=sys.stderr)
        return 2
    paths = {"bdtrace": os.path.abspath(args.bdtrace), "bpftrace": args.bpftrace}
    for tool, path in paths.items():
        if not os.access(path, os.X_OK):
            hint = ("build it first, e.g. scripts/run.sh, or pass --bdtrace PATH" if tool == "bdtrace"
                    else "apt-get install bpftrace, or run bench/run.sh")
            print(f"bench: {tool} not found at {path}: {hint}", file=sys.stderr)
            return 2

    btype = build_type(paths["bdtrace"])
    if btype is not None and btype not in ("Release", "RelWithDebInfo", "MinSizeRel"):
        print(f"bench: warning: {paths['bdtrace']} comes from a {btype} build, not Release: "
              f"its numbers are not representative", file=sys.stderr)

    load_before = loadavg()
    t0 = time.monotonic()
    table = []
    try:
        if args.only in (None, "core"):
            results = measure(paths, args.runs)
            events = event_cost.measure_events(paths, args.event_runs, args.window, TOOLS)
            table += rows(results, events, args.window)
        if args.only in (None, "core", "opens"):
            files = opens_cases.measure(paths, TOOLS)
            table += opens_cases.rows(files, TOOLS)
        if args.only in (None, "syscall"):
            start = syscall_cases.measure_start(paths, args.runs, TOOLS, run_once, summary)
            sys_events = syscall_cases.measure_events(paths, args.event_runs, args.window, TOOLS)
            table += syscall_rows(start, sys_events, args.window)
        if args.only in (None, "flood"):
            with syscall_cases.tracefs():
                flood = flood_cases.measure(paths, args.flood_runs, args.flood_calls, TOOLS)
            table += flood_cases.rows(flood, args.flood_calls, cell, ratio)
        if args.only in (None, "pid"):
            with tempfile.TemporaryDirectory(prefix="bdtrace-bench-") as tmp:
                target = pid_cases.build_target(tmp)
                attach = pid_cases.measure_attach(paths, target, args.pid_runs, args.pid_all_timeout, TOOLS)
                calls = pid_cases.measure_calls(paths, target, args.event_runs, args.window, TOOLS)
            table += pid_rows(attach, calls)
        if args.only in (None, "libc"):
            libc, libc_failed = libc_cases.measure(paths, args.libc_runs, TOOLS)
            table += libc_cases.rows(libc, libc_failed, cell, ratio)
        if args.only in (None, "ustack"):
            st_events = stacks_cases.measure_events(paths, args.event_runs, args.window, TOOLS)
            depth = stacks_cases.measure_depth(paths, 3.0, TOOLS)
            table += stacks_rows(st_events, depth)
        if args.only in (None, "watch"):
            with tempfile.TemporaryDirectory(prefix="bdtrace-bench-") as tmp:
                target = watch_cases.build_target(tmp)
                table += watch_rows(watch_cases.measure(paths["bdtrace"], target, args.event_runs))
                table += watch_rows(watch_cases.measure(paths["bdtrace"], target, args.event_runs,
                                                        watch_cases.TRACER_EVERY), ", every report (ustack)")
    except (RuntimeError, subprocess.CalledProcessError) as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    elapsed = time.monotonic() - t0

    header = [
        f"date: {datetime.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')}",
        f"machine: {machine()}",
        f"load average before / after: {load_before} / {loadavg()}",
        f"bdtrace: {paths['bdtrace']} ({first_line([paths['bdtrace'], '-V'])}, commit {git_rev()}, "
        f"build type {btype or 'unknown'})",
        f"bpftrace: {paths['bpftrace']} ({first_line([paths['bpftrace'], '--version'])})",
    ]
    if args.only in (None, "core"):
        header += [
            f"runs: {args.runs} measured per tracer and case, interleaved, after 1 warm-up each; "
            f"ratio = bpftrace / bdtrace of the medians, above 1 favours bdtrace",
            f"per event: {event_cost.EVENT['bdtrace']} / {event_cost.EVENT['bpftrace']} while "
            f"{event_cost.WORKLOAD_PROCS} processes loop on getppid(); {args.event_runs} runs per "
            f"tracer and case, interleaved; ns/event = run_time_ns / run_cnt of the tracer's BPF "
            f"programs over a {args.window:g} s window (kernel.bpf_stats_enabled); the floor is a "
            f"clause that does nothing"]
    if args.only in (None, "core", "opens"):
        header += opens_cases.notes(files, TOOLS)
    if args.only in (None, "syscall"):
        header += [
            f"syscall: start to exit under the same getppid() loops, {args.runs} runs per tracer "
            f"after a warm-up; per event: {syscall_cases.EVENT['bdtrace']} / "
            f"{syscall_cases.EVENT['bpftrace']}, {args.event_runs} windows of {args.window:g} s"]
    if args.only in (None, "flood"):
        header += [
            f"flood: bench/flood_target.c making {args.flood_calls:,} getppid() calls, traced with -c and "
            f"one printf per call (default options), stdout a pipe the bench drains; {args.flood_runs} "
            f"runs per tracer after a warm-up; records per CPU second = lines / the tracer's user+sys time"]
    if args.only in (None, "pid"):
        header += [
            f"pid: a process built from bench/pid_target.c, traced with -p; attach: {args.pid_runs} "
            f"runs per tracer after a warm-up (bpftrace on every libc function: one attempt, "
            f"{args.pid_all_timeout:g} s); time to live = launch to the later of the first firing "
            f"(noted by the target, which the clause signals) and the tracer's last new perf event "
            f"or BPF link; time to exit = SIGINT to exit; uprobe per call: {args.event_runs} windows "
            f"of {args.window:g} s per tracer and case, the target's thread CPU time per call and "
            f"the BPF time per event (kernel.bpf_stats_enabled); ratio = bpftrace / bdtrace of the "
            f"medians, above 1 favours bdtrace"]
    if args.only in (None, "libc"):
        header += [
            f"libc: bench/libc_workload.py ({libc_cases.ITERATIONS} rounds of json and str calls) "
            f"traced with -p on every libc function's entry, {args.libc_runs} runs per tracer "
            f"interleaved with untraced ones; CPU = the workload's user+sys time (time.process_time)"]
    if args.only in (None, "ustack"):
        header += [
            f"ustack: {stacks_cases.EVENT['bdtrace']} / {stacks_cases.EVENT['bpftrace']} while "
            f"{event_cost.WORKLOAD_PROCS} CPython processes loop on getppid(); BPF ns/event over "
            f"{args.event_runs} windows of {args.window:g} s per tracer and case; frames per sample "
            f"and tracer CPU from one 3 s run of each"]
    if args.only in (None, "watch"):
        header += [
            f"watch: bdtrace -Z with a system-wide USDT description (the process watch on); each "
            f"operation timed by bench/watch_target.c, {args.event_runs} rounds of untraced then "
            f"watched; BPF ns per watch event from kernel.bpf_stats_enabled"]
    header.append(f"time: {elapsed:.0f} s in all")
    skipped = SKIPPED if args.only in (None, "core") else []
    (print_markdown if args.markdown else print_text)(header, table, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
