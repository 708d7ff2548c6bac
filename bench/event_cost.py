"""Per-event cost of a tracer's BPF programs, from the kernel's BPF run-time statistics.

With kernel.bpf_stats_enabled=1 the kernel counts, for every BPF program, how often it ran
(run_cnt) and the time spent in it (run_time_ns). /proc/PID/fdinfo/FD of a program's file
descriptor shows both, so the tracer's own programs are found through its pid, whatever their
names or types (bdtrace names its programs dt_profile, dt_tick, ...; bpftrace 0.17 names a
profile:hz:4999 program "4999").

Each run starts the tracer, waits until its programs are firing, reads the counters, waits a
fixed window, reads them again and stops the tracer with SIGINT. Only the difference between the
two readings counts, so loading, attaching, BEGIN, END and the final printing are all outside the
window, and every program the tracer has is summed: the ones that fire in the window are the ones
on the event. ns/event = delta run_time_ns / delta run_cnt.

The event and the workload are the two constants below. To measure on a busy tracepoint instead
of the timer, set EVENT to bpftrace's tracepoint:raw_syscalls:sys_enter and bdtrace's equivalent
(syscall:::entry); WORKLOAD already makes a system call per loop iteration.
"""
import collections
import contextlib
import os
import signal
import statistics
import subprocess
import tempfile
import threading
import time

# The probe both tracers attach to. profile-4999 fires on every CPU 4999 times a second (bpftrace's
# profile:hz uses frequency mode, bdtrace a fixed period; both reach about that rate on a busy CPU).
EVENT = {"bdtrace": "profile-4999", "bpftrace": "profile:hz:4999"}

# What runs while tracing: a few processes in a tight loop of getppid(), so that both CPUs are busy,
# the timer hits a handful of different threads (several keys for @[tid]) and a syscall
# tracepoint would fire as fast as it can. Niced, because the machine is shared.
WORKLOAD = ["nice", "-n", "10", "python3", "-c", "import os\nwhile True: os.getppid()"]
WORKLOAD_PROCS = 4

# (title, bdtrace clause body, bpftrace clause body). "floor" first: the others are also reported
# as the cost they add to it. An empty clause is not a floor in D: it takes the default action
# (trace the probe into the buffer), so the floor is a clause whose predicate is false.
EVENT_CASES = {
    "floor": ("/0/ { } (floor)", "/0/ { }", "/0/ { }"),
    "count_key": ("@[tid] = count()", "{ @[tid] = count(); }", "{ @[tid] = count(); }"),
    "count": ("@ = count()", "{ @ = count(); }", "{ @ = count(); }"),
    "quantize_key": ("@[tid] = quantize(tid)", "{ @[tid] = quantize(tid); }",
                     "{ @[tid] = hist(tid); }"),
}

STATS_SYSCTL = "/proc/sys/kernel/bpf_stats_enabled"
READY_TIMEOUT = 30.0  # to load, attach and see the first events
EXIT_TIMEOUT = 30.0   # to exit after SIGINT


@contextlib.contextmanager
def bpf_stats():
    """kernel.bpf_stats_enabled=1 while inside; the old value is restored afterwards."""
    with open(STATS_SYSCTL) as f:
        old = f.read().strip()
    if old != "1":
        with open(STATS_SYSCTL, "w") as f:
            f.write("1")
    try:
        yield
    finally:
        if old != "1":
            with open(STATS_SYSCTL, "w") as f:
                f.write(old)


@contextlib.contextmanager
def workload():
    procs = [subprocess.Popen(WORKLOAD, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
             for _ in range(WORKLOAD_PROCS)]
    try:
        yield
    finally:
        for p in procs:
            p.kill()
            p.wait()


def prog_stats(pid):
    """(run_cnt, run_time_ns) summed over the distinct BPF programs pid holds a descriptor of."""
    progs = {}
    fddir = f"/proc/{pid}/fdinfo"
    for fd in os.listdir(fddir):
        try:
            with open(os.path.join(fddir, fd)) as f:
                info = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:  # closed meanwhile
            continue
        if "prog_type" not in info:  # not a program (a map, a link, ...)
            continue
        if "run_cnt" not in info:
            raise RuntimeError("this kernel shows no BPF run-time statistics in fdinfo (needs 5.1)")
        progs[int(info["prog_id"])] = (int(info["run_cnt"]), int(info["run_time_ns"]))
    return sum(c for c, _ in progs.values()), sum(t for _, t in progs.values())


# What a tracer's main thread is blocked in between events (x86-64 numbers): bpftrace 0.17 in
# epoll_wait, bdtrace in epoll_wait (on its ring buffer), empty_uprobe.py in rt_sigtimedwait; poll, select and
# the other variants for completeness.
WAIT_SYSCALLS = {7, 23, 35, 128, 230, 232, 270, 271, 281}


def waiting(pid):
    """Whether pid's main thread sleeps in its event loop (so a SIGINT now is not lost)."""
    try:
        with open(f"/proc/{pid}/syscall") as f:
            nr = f.read().split()[0]
    except (OSError, IndexError):
        return False
    return nr.isdigit() and int(nr) in WAIT_SYSCALLS


def _failed(argv, pid, status, err):
    err.seek(0)
    msg = err.read().decode(errors="replace").strip()
    code = os.waitstatus_to_exitcode(status)
    why = f"exit status {code}" if code >= 0 else f"killed by signal {-code}"
    return RuntimeError(f"{' '.join(argv)}: {why}\n{msg}")


# What one window counted: events and ns in BPF, and when it began and ended (time.monotonic_ns(),
# so that a traced process's own timings can be matched to it).
Window = collections.namedtuple("Window", "events ns start end")


def run_window(argv, window):
    """The Window of argv's programs over `window` seconds once they fire."""
    with tempfile.TemporaryFile() as err:
        fa = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
              (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
              (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
        # SIGINT must reach the tracer even when this script was started with it ignored (nohup,
        # a background job of a script), and bdtrace, like dtrace, keeps an ignored SIGINT ignored.
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=fa,
                             setsigdef=(signal.SIGINT, signal.SIGTERM))
        try:
            deadline = time.monotonic() + READY_TIMEOUT
            last = None
            while True:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    pid = None
                    raise _failed(argv, done, status, err)
                cnt = prog_stats(pid)[0]
                if last is not None and cnt > last:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{' '.join(argv)}: no event in {READY_TIMEOUT:.0f} s")
                last = cnt
                time.sleep(0.1)
            c0, t0 = prog_stats(pid)
            start = time.monotonic_ns()
            time.sleep(window)
            end = time.monotonic_ns()
            c1, t1 = prog_stats(pid)
            # bpftrace 0.17 loses a SIGINT that comes before its event loop runs.
            settle = time.monotonic() + EXIT_TIMEOUT
            while not waiting(pid) and time.monotonic() < settle:
                time.sleep(0.005)
            os.kill(pid, signal.SIGINT)
            timer = threading.Timer(EXIT_TIMEOUT, lambda: os.kill(pid, signal.SIGKILL))
            timer.start()
            try:
                _, status = os.waitpid(pid, 0)
            finally:
                timer.cancel()
            waited, pid = pid, None
            if os.waitstatus_to_exitcode(status) != 0:
                raise _failed(argv, waited, status, err)
        finally:
            if pid is not None:  # an error above: do not leave the tracer attached
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
    if t1 - t0 <= 0:
        raise RuntimeError(f"{' '.join(argv)}: no BPF run time counted (is kernel.bpf_stats_enabled on?)")
    return Window(c1 - c0, t1 - t0, start, end)


def argv_for(tool, path, case, event=None, cases=None):
    _, bd, bp = (cases or EVENT_CASES)[case]
    probe = (event or EVENT)[tool]
    if tool == "bdtrace":
        return [path, "-q", "-n", f"{probe} {bd}"]
    return [path, "-e", f"{probe} {bp}"]


def measure_events(paths, runs, window, tools, event=None, cases=None):
    """results[case][tool] = {"ns": summary of ns/event, "events": summary of events per window}.
    event and cases default to EVENT and EVENT_CASES (syscall_cases.py passes its own)."""
    def summary(xs):
        return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}

    results = {}
    with bpf_stats(), workload():
        for case in cases or EVENT_CASES:
            samples = {tool: {"ns": [], "events": []} for tool in tools}
            for _ in range(runs):
                for tool in tools:  # interleaved, like the other cases
                    w = run_window(argv_for(tool, paths[tool], case, event, cases), window)
                    samples[tool]["ns"].append(w.ns / w.events)
                    samples[tool]["events"].append(w.events)
            results[case] = {tool: {k: summary(v) for k, v in samples[tool].items()} for tool in tools}
    return results
