"""The syscall provider's cases: start-to-exit time of a program on 10 system calls, and the
BPF time each system call event costs.

Start to exit. Both tracers run a program with probes on the same 10 system calls, an
aggregation and a printf, that exits at its first event, while WORKLOAD (event_cost.py) keeps
calling getppid(), one of the 10. bdtrace attaches one tp_btf program on sys_enter
(and one on sys_exit when return probes are enabled) and dispatches on the call's number; bpftrace 0.17
opens one perf event per tracepoint syscalls:sys_enter_<call>, and closing each costs 45-95 ms
on the development VM (shared/reference/kernel.md), paid at exit.

Per event. syscall:::entry against bpftrace's tracepoint:raw_syscalls:sys_enter: both run on
every system call of the machine, so run_cnt counts the same events; the floor is a clause whose
predicate is false, and the aggregations are reported as what they add to it, as in
event_cost.py.
"""
import contextlib
import os
import subprocess

import event_cost

TRACEFS = "/sys/kernel/tracing"

CALLS = ["read", "write", "openat", "close", "getppid", "mmap", "munmap", "futex", "epoll_wait", "nanosleep"]

START_TITLE = "10 syscall probes with a map and printf, exit at the first event: start to exit"
START = {
    "bdtrace": ["-q", "-n", ", ".join(f"syscall::{c}:entry" for c in CALLS) +
                ' { @[probefunc] = count(); printf("%s\\n", probefunc); exit(0); }'],
    "bpftrace": ["-e", ", ".join(f"tracepoint:syscalls:sys_enter_{c}" for c in CALLS) +
                 ' { @[probe] = count(); printf("%s\\n", probe); exit(); }'],
}

EVENT = {"bdtrace": "syscall:::entry", "bpftrace": "tracepoint:raw_syscalls:sys_enter"}
EVENT_CASES = {k: v for k, v in event_cost.EVENT_CASES.items() if k in ("floor", "count", "count_key")}
# A system-wide probe filtered by process name, rejecting every event (no process has that name):
# what a user pays on every system call of the machine to watch one program.
EVENT_CASES["filter_comm"] = ('/execname == "lt_nomatch"/ { @ = count(); } (rejects all)',
                              '/execname == "lt_nomatch"/ { @ = count(); }',
                              '/comm == "lt_nomatch"/ { @ = count(); }')


@contextlib.contextmanager
def tracefs():
    """tracefs mounted while inside (bpftrace 0.17 finds tracepoints there; bdtrace does not
    need it); unmounted afterwards if this mounted it."""
    mounted = os.path.exists(os.path.join(TRACEFS, "events"))
    if not mounted:
        subprocess.run(["mount", "-t", "tracefs", "nodev", TRACEFS], check=True)
    try:
        yield
    finally:
        if not mounted:
            subprocess.run(["umount", TRACEFS], check=False)


def measure_start(paths, runs, tools, run_once, summary):
    """results[tool] = {"wall": summary, "cpu": summary, "rss": summary}, under the workload."""
    samples = {tool: {"wall": [], "cpu": [], "rss": []} for tool in tools}
    with tracefs(), event_cost.workload():
        for tool in tools:  # warm-up
            run_once([paths[tool]] + START[tool])
        for _ in range(runs):
            for tool in tools:
                wall, cpu, rss = run_once([paths[tool]] + START[tool])
                samples[tool]["wall"].append(wall)
                samples[tool]["cpu"].append(cpu)
                samples[tool]["rss"].append(rss)
    return {tool: {k: summary(v) for k, v in samples[tool].items()} for tool in tools}


def measure_events(paths, runs, window, tools):
    """results[case][tool] = {"ns": ..., "events": ...} on every system call's entry."""
    with tracefs():
        return event_cost.measure_events(paths, runs, window, tools, event=EVENT, cases=EVENT_CASES)
