"""Tracing every function of libc in a real workload, against the untraced run (issue 20).

The workload is CPython (`python3`, whichever is on PATH) running a loop of json.dumps,
json.loads and str methods: the interpreter calls libc all the time (allocation, memcpy,
strlen and the like), as a real program does. libc_workload.py waits for a line on its
standard input before it starts, then prints its wall time and its process CPU time
(time.process_time(): user + system, which includes the kernel's work for every uprobe hit,
its trap and single-step included, and the tracer's BPF code) for the loop alone.

Each run starts the workload, starts the tracer on it with -p, waits until the tracer's
BEGIN clause has printed "ready" (bdtrace attaches every probe before BEGIN runs), sends the
workload its line, and reads the workload's times and the tracer's count of calls (the clause
is `@ = count()`), printed when the workload has exited and the tracer stops. The untraced run
sends the line at once. Runs are interleaved: untraced, bdtrace, bpftrace, untraced, ...

bpftrace 0.17 refuses more than 512 probes unless BPFTRACE_MAX_PROBES is raised, and its
detach of thousands of uprobes (a perf event each, ~0.1 s to close on the development VM)
would take many minutes: it gets one attempt with its default settings, with a timeout, and
the table says what it did.
"""
import os
import re
import signal
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORKLOAD = os.path.join(HERE, "libc_workload.py")
ITERATIONS = 5000  # about 0.1 s of CPU untraced; the traced run makes ~130,000 libc calls
READY_TIMEOUT = 60.0
RUN_TIMEOUT = 300.0

PROGRAMS = {
    "bdtrace": lambda libc: 'BEGIN { printf("ready\\n"); } pid$target:libc.so.6::entry { @ = count(); }',
    "bpftrace": lambda libc: 'BEGIN { printf("ready\\n"); } uprobe:%s:* { @ = count(); }' % libc,
}


def libc_path(pid):
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 6 and os.path.basename(parts[5]).startswith("libc.so"):
                return parts[5]
    raise RuntimeError(f"no libc in /proc/{pid}/maps")


def _wait_mapped(pid):
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        try:
            return libc_path(pid)
        except RuntimeError:
            time.sleep(0.01)
    raise RuntimeError("the workload did not start")


def run_once(tool, path, iterations):
    """{"wall", "cpu", "calls"} of one run; tool None: untraced. {"failed": text} when the
    tracer refused or timed out."""
    wl = subprocess.Popen(["python3", "-B", WORKLOAD, str(iterations)], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
    tracer = None
    try:
        if wl.stdout.readline().strip() != "ready":
            raise RuntimeError("the workload did not start")
        calls = None
        if tool:
            libc = _wait_mapped(wl.pid)
            if tool == "bdtrace":
                argv = [path, "-q", "-p", str(wl.pid), "-n", PROGRAMS[tool](libc)]
            else:
                argv = [path, "-p", str(wl.pid), "-e", PROGRAMS[tool](libc)]
            tracer = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                      start_new_session=True)
            line = _read_line(tracer, READY_TIMEOUT)
            if line is None or "ready" not in line:
                return {"failed": _failure(tracer)}
        wl.stdin.write("go\n")
        wl.stdin.flush()
        out = wl.stdout.readline().split()
        wl.wait(timeout=RUN_TIMEOUT)
        if len(out) != 2:
            raise RuntimeError("the workload printed no times")
        if tracer:
            try:
                rest, err = tracer.communicate(timeout=RUN_TIMEOUT)
            except subprocess.TimeoutExpired:
                return {"failed": f"{tool} did not exit within {RUN_TIMEOUT:.0f} s after the workload"}
            nums = re.findall(r"(\d+)\s*$", rest)
            calls = int(nums[-1]) if nums else None
            tracer = None
        return {"wall": float(out[0]), "cpu": float(out[1]), "calls": calls}
    finally:
        if tracer and tracer.poll() is None:
            os.killpg(tracer.pid, signal.SIGKILL)
            tracer.wait()
        if wl.poll() is None:
            wl.kill()
            wl.wait()


def _read_line(proc, timeout):
    """The tracer's first line of output, or None when it exits or the timeout passes first."""
    import selectors
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sel.select(timeout=0.1):
            line = proc.stdout.readline()
            return line if line else None
        if proc.poll() is not None:
            return None
    return None


def _failure(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return f"not attached within {READY_TIMEOUT:.0f} s (killed)"
    err = proc.stderr.read().strip().splitlines()
    msg = next((l for l in err if "ERROR" in l and "RLIMIT" not in l), err[-1] if err else "")
    return f"exit status {proc.returncode}: {msg.strip()}"


def measure(paths, runs, tools, iterations=ITERATIONS):
    """results[tool or "untraced"] = list of run dicts; a tool that failed once is not run again."""
    results = {"untraced": []}
    results.update({t: [] for t in tools})
    failed = {}
    run_once(None, None, iterations)  # warm-up
    for _ in range(runs):
        results["untraced"].append(run_once(None, None, iterations))
        for tool in tools:
            if tool in failed:
                continue
            r = run_once(tool, paths[tool], iterations)
            if "failed" in r:
                failed[tool] = r["failed"]
                continue
            results[tool].append(r)
    return results, failed


def rows(results, failed, cell, ratio):
    """Table lines: the workload's CPU and wall time untraced and traced, the slowdown, calls."""
    def summary(xs):
        return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}

    title = "every libc function, CPython json loop"
    base = summary([r["cpu"] for r in results["untraced"]])
    base_wall = summary([r["wall"] for r in results["untraced"]])
    out = [(f"{title}: untraced: workload CPU (ms)", cell(base, 1000), cell(base, 1000), ""),
           (f"{title}: untraced: workload wall (ms)", cell(base_wall, 1000), cell(base_wall, 1000), "")]
    traced = {}
    for tool in ("bdtrace", "bpftrace"):
        if tool in failed or not results.get(tool):
            continue
        traced[tool] = {k: summary([r[k] for r in results[tool]]) for k in ("cpu", "wall")}
        calls = [r["calls"] for r in results[tool] if r["calls"]]
        traced[tool]["calls"] = summary(calls) if calls else None

    def col(tool, fn):
        if tool in failed:
            return failed[tool] if fn is None else "failed"
        return fn(traced[tool]) if tool in traced else "-"

    out.append((f"{title}: traced: workload CPU (ms)", col("bdtrace", lambda t: cell(t["cpu"], 1000)),
                col("bpftrace", lambda t: cell(t["cpu"], 1000)),
                ratio(traced["bdtrace"]["cpu"]["median"], traced["bpftrace"]["cpu"]["median"])
                if len(traced) == 2 else ""))
    out.append((f"{title}: traced: workload wall (ms)", col("bdtrace", lambda t: cell(t["wall"], 1000)),
                col("bpftrace", lambda t: cell(t["wall"], 1000)), ""))
    out.append((f"{title}: slowdown, CPU traced / untraced",
                col("bdtrace", lambda t: f"{t['cpu']['median'] / base['median']:.1f}x"),
                col("bpftrace", lambda t: f"{t['cpu']['median'] / base['median']:.1f}x"), ""))
    out.append((f"{title}: libc calls counted (@ = count())",
                col("bdtrace", lambda t: f"{t['calls']['median']:.0f}" if t["calls"] else "-"),
                col("bpftrace", lambda t: f"{t['calls']['median']:.0f}" if t["calls"] else "-"), ""))
    out.append((f"{title}: CPU added per call (ns)",
                col("bdtrace", lambda t: f"{(t['cpu']['median'] - base['median']) * 1e9 / t['calls']['median']:.0f}"
                    if t["calls"] else "-"),
                col("bpftrace", lambda t: f"{(t['cpu']['median'] - base['median']) * 1e9 / t['calls']['median']:.0f}"
                    if t["calls"] else "-"), ""))
    for tool, why in failed.items():
        out.append((f"{title}: {tool}", "-" if tool == "bpftrace" else why, why if tool == "bpftrace" else "-", ""))
    return out
