"""ustack() aggregation keys: the profiling one-liner, @[ustack()] = count() under profile-997,
against bpftrace's @[ustack] = count() on profile:hz:997.

bdtrace unwinds each key in BPF from the files' .eh_frame (codegen/gen_unwind.cpp: a binary
search of the PC's mapping, then of its file's rows, per frame); bpftrace 0.17 takes the kernel's
frame-pointer walk (bpf_get_stackid). The workload is event_cost.py's: four CPython processes
looping on os.getppid(); Debian's python3.11 and C library are built without frame pointers, so
the walk stops after a frame or two while the unwinder goes down to _start.

- per event: the BPF time per firing (kernel.bpf_stats_enabled), as event_cost.py measures it,
  for the floor (a clause that does nothing) and the key;
- frames per sample: one run of each tracer for `seconds`, its aggregation printed at exit, the
  frames of each key weighted by its count;
- the tracer's own CPU time over that run (bdtrace's includes building the unwind tables of the
  processes it meets).
"""
import os
import re
import signal
import subprocess
import tempfile
import time

import event_cost

EVENT = {"bdtrace": "profile-997", "bpftrace": "profile:hz:997"}
# The aggregation is emptied at exit: printing thousands of stacks (bpftrace 0.17 symbolises them
# slowly) lies outside the measured window and would only delay the next run.
EVENT_CASES = {
    "floor": ("/0/ { } (floor)", "/0/ { }", "/0/ { }"),
    "ustack_key": ("@[ustack()] = count()", "{ @[ustack()] = count(); } END { trunc(@); }",
                   "{ @[ustack] = count(); } END { clear(@); }"),
}


def measure_events(paths, runs, window, tools):
    return event_cost.measure_events(paths, runs, window, tools, event=EVENT, cases=EVENT_CASES)


def frames_per_sample(text, tool):
    """Mean frames per sample of an @[ustack] aggregation as each tracer prints it."""
    total = frames = 0
    if tool == "bdtrace":
        block = 0
        for line in text.splitlines():
            s = line.strip()
            if not s:
                block = 0
            elif s.isdigit():
                total += int(s)
                frames += block * int(s)
                block = 0
            else:
                block += 1
    else:
        for m in re.finditer(r"@\[\n(.*?)\]: (\d+)", text, re.S):
            n = int(m.group(2))
            total += n
            frames += n * len([l for l in m.group(1).splitlines() if l.strip()])
    return frames / total if total else 0.0


def measure_depth(paths, seconds, tools):
    """results[tool] = {"frames": mean frames per sample, "cpu": tracer CPU seconds}."""
    out = {}
    with event_cost.workload():
        time.sleep(0.5)
        for tool in tools:
            argv = [paths[tool]] + (["-q", "-n", f"{EVENT['bdtrace']} {{ @[ustack()] = count(); }}"]
                                    if tool == "bdtrace" else
                                    ["-e", f"{EVENT['bpftrace']} {{ @[ustack] = count(); }}"])
            with tempfile.TemporaryFile() as o:
                p = subprocess.Popen(argv, stdout=o, stderr=subprocess.DEVNULL, start_new_session=True)
                time.sleep(seconds)
                p.send_signal(signal.SIGINT)
                _, status, ru = os.wait4(p.pid, 0)
                o.seek(0)
                text = o.read().decode(errors="replace")
            out[tool] = {"frames": frames_per_sample(text, tool), "cpu": ru.ru_utime + ru.ru_stime}
    return out
