"""The process watch's cost (bdtrace only: bpftrace has no equivalent).

A system-wide USDT description (here one that matches nothing, with -Z) makes bdtrace follow new
files: a tp_btf program on sched_process_exec and one on vm_unmapped_area (the kernel looking
for room for a mapping that is not MAP_FIXED, which the dynamic linker's first mapping of every
object is) report each file not seen before (runtime/process_watch.h). Every exec and every such
mmap on the machine runs one of them, so the cost falls on processes bdtrace does not trace.

watch_target (built from watch_target.c) times an operation in a loop: fork + execve of
/bin/true (a new process maps /bin/true, ld.so, libc: one exec event and a few mmap events each,
their files reported once), an mmap + munmap of a file (one mmap event each, its file reported
the first time only), an anonymous mmap + munmap (the watch's shortest path: the program looks at
the system call's registers and leaves). Each operation is timed untraced and with the watch, in
alternation, `runs` times; the BPF time per watched event comes from kernel.bpf_stats_enabled
(the watch's programs are the only ones of the tracer that run).
"""
import os
import signal
import statistics
import subprocess
import tempfile
import time

import event_cost

TRACER = ["-Zq", "-n", "lt_bench_absent*:::nothing { }"]
# A clause reading the user stack on a system-wide probe: the watch then reports every exec and
# every file mmap, not only each file's first, so that a process gone before its stack is named
# still has an address space (api/consumer_watch_stacks.cpp). The probe never fires (a libc
# function the workload does not call, and /0/).
TRACER_EVERY = ["-Zq", "-n", "pid*:libc.so.6:mkfifoat:entry /0/ { @[ustack()] = count(); }"]

OPS = {
    "exec": ("fork + exec of /bin/true", ["exec", "300"]),
    "mmapfile": ("mmap + munmap of a file, 4 KiB", ["mmapfile", "100000"]),
    "mmapanon": ("mmap + munmap, anonymous, 4 KiB", ["mmapanon", "100000"]),
}


def build_target(tmpdir):
    out = os.path.join(tmpdir, "watch_target")
    subprocess.run(["cc", "-O2", "-o", out, os.path.join(event_cost.__file__.rsplit("/", 1)[0], "watch_target.c")],
                   check=True)
    return out


def run_op(target, args):
    out = subprocess.run([target] + args, capture_output=True, text=True, check=True).stdout
    return int(out.split()[1])


class Watching:
    """bdtrace with the process watch running, and its programs' counters."""

    def __init__(self, path, tracer=TRACER):
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([path] + tracer, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.err, start_new_session=True)
        deadline = time.monotonic() + event_cost.READY_TIMEOUT
        while time.monotonic() < deadline:  # the watch's two programs, loaded and attached
            if self.proc.poll() is not None:
                self.err.seek(0)
                raise RuntimeError(f"{path}: exited: {self.err.read().decode(errors='replace')}")
            if self.programs() >= 2 and event_cost.waiting(self.proc.pid):
                return
            time.sleep(0.05)
        self.close()
        raise RuntimeError(f"{path}: the watch did not start")

    def programs(self):
        n = 0
        for fd in os.listdir(f"/proc/{self.proc.pid}/fdinfo"):
            try:
                with open(f"/proc/{self.proc.pid}/fdinfo/{fd}") as f:
                    n += "prog_type" in f.read()
            except OSError:
                pass
        return n

    def stats(self):
        """[(run_cnt, run_time_ns)] of the watch's programs, in load order: exec, then mmap."""
        progs = {}
        for fd in os.listdir(f"/proc/{self.proc.pid}/fdinfo"):
            try:
                with open(f"/proc/{self.proc.pid}/fdinfo/{fd}") as f:
                    info = dict(line.split(":", 1) for line in f if ":" in line)
            except OSError:
                continue
            if "prog_type" in info:
                progs[int(info["prog_id"])] = (int(info["run_cnt"]), int(info["run_time_ns"]))
        return [progs[k] for k in sorted(progs)][-2:]

    def close(self):
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=event_cost.EXIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.err.close()


def measure(path, target, runs, tracer=TRACER):
    """results[op] = {"untraced": summary ns/op, "watched": ..., "bpf": ns/event, "events": per op}."""
    def summary(xs):
        return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}

    results = {}
    keys = ("untraced", "watched", "exec_ns", "exec_events", "mmap_ns", "mmap_events")
    with tempfile.NamedTemporaryFile() as f, event_cost.bpf_stats():
        f.write(b"\0" * 4096)
        f.flush()
        samples = {op: {k: [] for k in keys} for op in OPS}
        for _ in range(runs):
            for op, (_, args) in OPS.items():
                argv = args + ([f.name] if op == "mmapfile" else [])
                samples[op]["untraced"].append(run_op(target, argv))
            w = Watching(path, tracer)
            try:
                for op, (_, args) in OPS.items():
                    argv = args + ([f.name] if op == "mmapfile" else [])
                    before = w.stats()
                    samples[op]["watched"].append(run_op(target, argv))
                    after = w.stats()
                    # The counters are the whole machine's: other processes' execs and mmaps count too.
                    for name, (c0, t0), (c1, t1) in zip(("exec", "mmap"), before, after):
                        if c1 > c0:
                            samples[op][f"{name}_ns"].append((t1 - t0) / (c1 - c0))
                        samples[op][f"{name}_events"].append((c1 - c0) / int(args[1]))
            finally:
                w.close()
        for op in OPS:
            results[op] = {k: summary(v) if v else None for k, v in samples[op].items()}
    return results
