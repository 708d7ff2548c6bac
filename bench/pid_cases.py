"""The pid provider's cases: attach and detach of many uprobes, and the cost of a uprobe per call.

Both run against bench/pid_target.c, built here with cc -O0 and traced with -p.

Attach and detach (measure_attach): `pid_target libc` loops over a few libc calls. The tracer
enables the probes of ATTACH_CASES with one clause that, on its first firing in the target, sends
the target SIGUSR1 (bdtrace: raise(), with -w; bpftrace: signal(), with --unsafe). The target
notes CLOCK_MONOTONIC in its signal handler and prints it: the first probe is live then, with no
tracer output or consumer polling in between. bpftrace 0.17 attaches its uprobes one by one (a perf
event each) and the first fires long before the last is attached, so the bench also watches the
tracer's perf event and BPF link descriptors: "time to live" runs from the launch to the later of
the first firing and the last new attachment (seen within 5 ms), once nothing new has been attached
for 0.3 s. Then the bench sends the tracer SIGINT (bpftrace 0.17 loses a SIGINT that comes while it
is attaching): "time to exit" runs from that signal to the tracer's exit (wait4), which includes
detaching every probe. bpftrace 0.17's uprobes are not filtered by process (they fire in every
process that runs the function), so its clause also tests the pid: the signal must reach the
target and nothing else.

Cost per call (measure_calls): `pid_target calls` calls bench_call() in batches and prints each
batch's call count and thread CPU time (which includes the kernel's uprobe work on its behalf and
not other processes' time). Each window is event_cost.run_window: the BPF run time the kernel
counts for the tracer's programs, and the target's batches that fall inside the window. A window
with no tracer gives the untraced time per call. The "empty program" row is empty_uprobe.py: r0 = 0;
exit on the uprobe, attached as bdtrace attaches (a uprobe_multi link) in bdtrace's column and as
bpftrace attaches (a perf event) in bpftrace's: the kernel's own floor for each way.
"""
import os
import queue
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import event_cost

HERE = os.path.dirname(os.path.abspath(__file__))

# (title, bdtrace probe description, bpftrace uprobe function glob)
ATTACH_CASES = {
    "str": ("pid$PID:libc.so.6:str*:entry", "pid$target:libc.so.6:str*:entry", "str*"),
    "all": ("pid$PID:libc.so.6::entry (every function)", "pid$target:libc.so.6::entry", "*"),
    # System-wide (no pid in the provider): every process mapping libc gets the breakpoints;
    # bpftrace's uprobes are system-wide anyway, so its column is the "all" case again.
    "wide": ("pid*:libc.so.6::entry (every function, every process)", "pid*:libc.so.6::entry", "*"),
}
SIGUSR1 = 10  # x86-64; bdtrace's raise() takes the number

# (title, bdtrace clause, bpftrace clause); None: the empty program of empty_uprobe.py.
CALL_CASES = {
    "empty": ("empty BPF program (kernel floor: uprobe_multi / perf event)", None, None),
    "floor": ("/0/ { } (floor)", "/0/ { }", "/0/ { }"),
    "count": ("@ = count()", "{ @ = count(); }", "{ @ = count(); }"),
    "count_key": ("@[tid] = count()", "{ @[tid] = count(); }", "{ @[tid] = count(); }"),
    # A system-wide probe whose predicate rejects the target: what every other process pays.
    "wide": ("system-wide, the target rejected: pid*:FILE:bench_call:entry /pid != $target/ { }",
             "/pid != $target/ { }", "/pid != PID/ { }"),
}
CALL_FUNCTION = "bench_call"

POLL = 0.005          # s between two looks at the tracer and the target while attaching
SETTLED_NS = 300_000_000  # no new attachment for this long after the first firing: attached
LIVE_TIMEOUT = 60.0   # from launch to the first firing, except where a case sets its own
EXIT_TIMEOUT = 120.0  # from SIGINT to exit (bpftrace 0.17 takes ~0.1 s per uprobe)
# Lines of a tracer's error output that are not the error: bpftrace's warning on a VM where root
# lacks CAP_SYS_RESOURCE, and DTrace's notices.
HARMLESS = ("couldn't set RLIMIT_MEMLOCK", "allowing destructive actions")


def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}


def build_target(tmpdir):
    out = os.path.join(tmpdir, "pid_target")
    subprocess.run(["cc", "-O0", "-o", out, os.path.join(HERE, "pid_target.c")], check=True)
    return out


class Target:
    """A running pid_target; its output lines are read by a thread as they come."""

    def __init__(self, path, mode, nice):
        self.proc = subprocess.Popen(["nice", "-n", str(nice), path, mode], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.live = queue.Queue()
        self.batches = []  # (start ns, end ns, calls, cpu ns)
        self.lock = threading.Lock()
        ready = queue.Queue()
        threading.Thread(target=self._read, args=(ready,), daemon=True).start()
        try:
            self.pid = ready.get(timeout=10)
        except queue.Empty:
            self.close()
            raise RuntimeError(f"{path} {mode}: did not start")

    def _read(self, ready):
        for line in self.proc.stdout:
            f = line.split()
            if f[0] == "ready":
                ready.put(int(f[1]))
            elif f[0] == "live":
                self.live.put(int(f[1]))
            elif f[0] == "batch":
                with self.lock:
                    self.batches.append(tuple(int(x) for x in f[1:5]))

    def ns_per_call(self, start, end):
        """Thread CPU ns per call over the batches wholly inside [start, end]."""
        with self.lock:
            inside = [b for b in self.batches if b[0] >= start and b[1] <= end]
        calls = sum(b[2] for b in inside)
        if calls == 0:
            raise RuntimeError("the target finished no batch of calls inside a window")
        return sum(b[3] for b in inside) / calls

    def close(self):
        self.proc.kill()
        self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def libc_path(pid):
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            path = line.split()[-1]
            if os.path.basename(path) == "libc.so.6":
                return path
    raise RuntimeError(f"pid {pid} maps no libc.so.6")


def tracer_error(text):
    """The first line of a tracer's error output that says something (not a notice)."""
    for line in text.splitlines():
        line = line.strip()
        if (line and not any(h in line for h in HARMLESS)
                and not re.search(r"matched \d+ probes?$|^Attaching \d+ probes?", line)):
            return line
    return "(no error output)"


def probe_count(text):
    """The probes the tracer said it matched (also when it then refused to attach them)."""
    m = re.search(r"matched (\d+) probes?|Attaching (\d+) probes?|attach to (\d+) probes", text)
    return int(next(g for g in m.groups() if g)) if m else None


def attachments(pid):
    """How many perf events and BPF links pid holds: what attaching creates, one by one for
    bpftrace 0.17 (a perf event per uprobe), once per file for bdtrace (a uprobe_multi link)."""
    n = 0
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return 0
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") in ("anon_inode:[perf_event]", "anon_inode:bpf_link"):
                n += 1
        except OSError:  # closed meanwhile
            pass
    return n


def attach_run(argv, target, live_timeout):
    """{"live", "exit", "cpu" (s), "probes"} of one run, or {"error": text} when it did not work."""
    while not target.live.empty():
        target.live.get()
    with tempfile.TemporaryFile() as err:
        # stdout too: bpftrace prints "Attaching N probes..." there.
        fa = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
              (os.POSIX_SPAWN_DUP2, err.fileno(), 1),
              (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
        t0 = time.monotonic_ns()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=fa,
                             setsigdef=(signal.SIGINT, signal.SIGTERM))
        deadline = time.monotonic() + live_timeout
        first = None                   # the target's note of the first firing after BEGIN
        links, grown = 0, t0           # the tracer's attachments, and when their count last grew
        while True:
            while first is None and not target.live.empty():
                t = target.live.get()
                first = t if t >= t0 else None
            n = attachments(pid)
            if n > links:
                links, grown = n, time.monotonic_ns()
            if first is not None and time.monotonic_ns() - max(first, grown) >= SETTLED_NS:
                break
            done, status, _ = os.wait4(pid, os.WNOHANG)
            if done:
                err.seek(0)
                code = os.waitstatus_to_exitcode(status)
                text = err.read().decode(errors="replace")
                why = tracer_error(text)
                return {"error": f"failed (exit status {code}): {why}" if code else
                        f"exited before its first event: {why}", "probes": probe_count(text)}
            if time.monotonic() > deadline:
                t = time.monotonic()
                os.kill(pid, signal.SIGKILL)
                os.wait4(pid, 0)
                return {"error": f"timeout: not live in {live_timeout:.0f} s (killed; it took "
                                 f"{time.monotonic() - t:.1f} s to exit)"}
            time.sleep(POLL)
        live = max(first, grown)
        # bpftrace 0.17 loses a SIGINT that comes before its event loop (while it attaches, and a
        # little after): wait until the tracer sleeps in its loop's system call.
        while not event_cost.waiting(pid):
            if time.monotonic() > deadline + EXIT_TIMEOUT:
                break  # the SIGINT below and its timeout will tell
            time.sleep(POLL)
        t1 = time.monotonic_ns()
        os.kill(pid, signal.SIGINT)
        timer = threading.Timer(EXIT_TIMEOUT, lambda: os.kill(pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, ru = os.wait4(pid, 0)
            t2 = time.monotonic_ns()
        finally:
            timer.cancel()
        err.seek(0)
        text = err.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        return {"error": f"exit status {code} after SIGINT: {tracer_error(text)}"}
    return {"live": (live - t0) / 1e9, "exit": (t2 - t1) / 1e9, "cpu": ru.ru_utime + ru.ru_stime,
            "probes": probe_count(text)}


def attach_argv(tool, path, case, pid, libc):
    _, desc, glob = ATTACH_CASES[case]
    if tool == "bdtrace":
        # A system-wide description fires everywhere: only the target's firing counts.
        which = "pid == $target && !done" if case == "wide" else "!done"
        return [path, "-w", "-p", str(pid), "-n",
                f"{desc} /{which}/ {{ done = 1; raise({SIGUSR1}); }}"]
    return [path, "--unsafe", "-p", str(pid), "-e",
            f"uprobe:{libc}:{glob} /pid == {pid} && @done == 0/ "
            f'{{ @done = 1; signal("SIGUSR1"); }}']


def measure_attach(paths, target_path, runs, all_timeout, tools):
    """results[case][tool] = {"live"/"exit"/"total"/"cpu": summary, "probes": n} or {"error": text}.

    "str": every tracer, a warm-up then `runs` interleaved runs; a failure stops the bench.
    "all": bdtrace likewise, bpftrace once with all_timeout to its first event (0.17 refuses more
    than 512 probes unless BPFTRACE_MAX_PROBES is raised, and takes ~0.1 s per probe to detach);
    what went wrong is the result, not an error."""
    results = {}
    # Niced like event_cost's workload (the machine is shared): it sleeps most of the time anyway.
    with Target(target_path, "libc", 10) as target:
        libc = libc_path(target.pid)
        for case in ATTACH_CASES:
            samples = {tool: [] for tool in tools}
            errors = {}
            for i in range(runs + 1):  # run 0 is the warm-up
                for tool in tools:
                    once = case != "str" and tool == "bpftrace"  # one attempt, no warm-up
                    if tool in errors or (once and i > 0):
                        continue
                    argv = attach_argv(tool, paths[tool], case, target.pid, libc)
                    r = attach_run(argv, target, all_timeout if once else LIVE_TIMEOUT)
                    if "error" in r and case == "str":
                        raise RuntimeError(f"{' '.join(argv)}: {r['error']}")
                    if "error" in r:
                        errors[tool] = r  # what happened is the result; no more tries
                    elif i > 0 or once:
                        samples[tool].append(r)
            results[case] = {}
            for tool in tools:
                if tool in errors:
                    results[case][tool] = errors[tool]
                    continue
                s = samples[tool]
                results[case][tool] = {
                    "live": summary([r["live"] for r in s]), "exit": summary([r["exit"] for r in s]),
                    "total": summary([r["live"] + r["exit"] for r in s]),
                    "cpu": summary([r["cpu"] for r in s]), "probes": s[0]["probes"], "runs": len(s)}
    return results


def function_offset(path, name):
    """File offset of a function of an ELF executable (nm's address through the LOAD segments)."""
    nm = subprocess.run(["nm", path], capture_output=True, text=True, check=True).stdout
    addr = next(int(l.split()[0], 16) for l in nm.splitlines() if l.split()[-1:] == [name])
    ph = subprocess.run(["readelf", "-lW", path], capture_output=True, text=True, check=True).stdout
    for line in ph.splitlines():
        f = line.split()
        if f and f[0] == "LOAD":
            off, vaddr, filesz = int(f[1], 16), int(f[2], 16), int(f[4], 16)
            if vaddr <= addr < vaddr + filesz:
                return addr - vaddr + off
    raise RuntimeError(f"{path}: {name} is in no LOAD segment")


def calls_argv(tool, path, case, pid, target_path, offset):
    _, bd, bp = CALL_CASES[case]
    if bd is None:
        way = "multi" if tool == "bdtrace" else "perf"
        return [sys.executable, "-B", os.path.join(HERE, "empty_uprobe.py"), way, target_path,
                str(offset), str(pid)]
    if tool == "bdtrace" and case == "wide":
        # The file by path: through a macro argument (D has no '/' in descriptions).
        return [path, "-q", "-p", str(pid), "-n", f"pid*:$1:{CALL_FUNCTION}:entry {bd}", target_path]
    if tool == "bdtrace":
        return [path, "-q", "-p", str(pid), "-n", f"pid$target:a.out:{CALL_FUNCTION}:entry {bd}"]
    return [path, "-p", str(pid), "-e", f"uprobe:{target_path}:{CALL_FUNCTION} {bp.replace('PID', str(pid))}"]


def measure_calls(paths, target_path, runs, window, tools):
    """results["untraced"] = summary of ns/call; results[case][tool] = {"call": summary of the
    target's CPU ns per call, "bpf": summary of BPF ns per event, "events": summary per window}."""
    offset = function_offset(target_path, CALL_FUNCTION)
    results = {}
    untraced = []
    # Not niced: on a loaded machine a niced loop may not finish a batch inside a window. Its CPU
    # time per call does not depend on how much CPU it gets.
    with event_cost.bpf_stats(), Target(target_path, "calls", 0) as target:
        for case in CALL_CASES:
            samples = {tool: {"call": [], "bpf": [], "events": []} for tool in tools}
            for _ in range(runs):
                start = time.monotonic_ns()
                time.sleep(window)
                untraced.append(target.ns_per_call(start, time.monotonic_ns()))
                for tool in tools:
                    w = event_cost.run_window(
                        calls_argv(tool, paths[tool], case, target.pid, target_path, offset), window)
                    samples[tool]["call"].append(target.ns_per_call(w.start, w.end))
                    samples[tool]["bpf"].append(w.ns / w.events)
                    samples[tool]["events"].append(w.events)
            results[case] = {tool: {k: summary(v) for k, v in samples[tool].items()} for tool in tools}
    results["untraced"] = summary(untraced)
    return results
