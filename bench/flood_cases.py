"""A flood of records: how much of it each tracer delivers with its default options, and how
fast its consumer turns records into text.

bench/flood_target.c makes N getppid() calls (3,000,000 by default) as fast as it can. Each
tracer runs it with -c and prints one line per call:

  bdtrace   syscall::getppid:entry /pid == $target/ { printf("%d %s %d\\n", pid, execname, arg0); }
  bpftrace  tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%d %s %d\\n", pid, comm, tid); }

(the tracepoint has no arguments: bpftrace's third number is the thread id). The tracer's
standard output is a pipe the bench reads as fast as it comes, counting the lines that name the
target. Per run:

  delivered   the lines printed, and their share of N
  drops       what the tracer says it lost (bdtrace: "N drops on CPU C" on stderr; bpftrace:
              "Lost N events", on either stream)
  records/s   lines printed per second of the tracer's own CPU time (user + system): the rate its
              consumer sustains when it has records to turn into text (the programs run in the
              traced process, whose time is not the tracer's)
  wall        launch to exit of the tracer, the flood included
  peak RSS    the tracer's own (/usr/bin/time %M): its buffers, mapped ring buffer and output
"""
import os
import re
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET_NAME = "flood_target"

TITLE = "flood of {n:,} getppid() lines, default options"

CLAUSE = {
    "bdtrace": 'syscall::getppid:entry /pid == $target/ { printf("%d %s %d\\n", pid, execname, arg0); }',
    "bpftrace": 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%d %s %d\\n", pid, comm, tid); }',
}
DROPS = {
    "bdtrace": re.compile(r"(\d+) drops? on CPU \d+"),
    "bpftrace": re.compile(r"Lost (\d+) events"),
}


def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}


def build_target(tmpdir):
    out = os.path.join(tmpdir, TARGET_NAME)
    subprocess.run(["cc", "-O2", "-o", out, os.path.join(HERE, "flood_target.c")], check=True)
    return out


def run_flood(tool, path, target, calls, timeout):
    """One run: {"lines", "drops", "wall", "cpu", "rss"}."""
    with tempfile.TemporaryDirectory() as tmp:
        rss_file = os.path.join(tmp, "rss")
        err_file = os.path.join(tmp, "err")
        argv = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", rss_file, path]
        if tool == "bdtrace":
            argv += ["-q", "-n", CLAUSE[tool], "-c", f"{target} {calls}"]
        else:
            argv += ["-e", CLAUSE[tool], "-c", f"{target} {calls}"]
        needle = (" " + TARGET_NAME + " ").encode()
        lines = 0
        lost_text = []
        tail = b""
        with open(err_file, "wb") as err:
            t0 = time.monotonic()
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err)
            fd = proc.stdout.fileno()
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                data = tail + chunk
                cut = data.rfind(b"\n") + 1
                lines += data[:cut].count(needle)
                if b"Lost" in data[:cut]:  # bpftrace says what it lost on its standard output
                    lost_text += [m.group(0).decode() for m in re.finditer(rb"Lost \d+ events", data[:cut])]
                tail = data[cut:]
                if time.monotonic() - t0 > timeout:
                    proc.kill()
                    raise RuntimeError(f"{tool} flood: timeout {timeout:.0f} s")
            proc.wait()
        with open(err_file, errors="replace") as f:
            err_text = f.read()
        if proc.returncode != 0:
            raise RuntimeError(f"{tool} flood: exit status {proc.returncode}\n{err_text.strip()}")
        with open(rss_file) as f:
            fields = f.read().split()[-4:]
        wall, user, sys_, rss = float(fields[0]), float(fields[1]), float(fields[2]), int(fields[3])
        drops = sum(int(m.group(1)) for m in DROPS[tool].finditer(err_text + "\n".join(lost_text)))
        return {"lines": lines, "drops": drops, "wall": wall, "cpu": user + sys_, "rss": rss}


def measure(paths, runs, calls, tools, timeout=600.0):
    """results[tool] = summaries of lines, drops, records/s, wall, rss; after one warm-up."""
    with tempfile.TemporaryDirectory(prefix="bdtrace-flood-") as tmp:
        target = build_target(tmp)
        samples = {tool: {"lines": [], "drops": [], "rate": [], "wall": [], "rss": []} for tool in tools}
        for tool in tools:  # warm-up, a tenth of the flood
            run_flood(tool, paths[tool], target, max(calls // 10, 1), timeout)
        for _ in range(runs):
            for tool in tools:
                r = run_flood(tool, paths[tool], target, calls, timeout)
                s = samples[tool]
                s["lines"].append(r["lines"])
                s["drops"].append(r["drops"])
                s["rate"].append(r["lines"] / r["cpu"] if r["cpu"] > 0 else 0.0)
                s["wall"].append(r["wall"])
                s["rss"].append(r["rss"])
    return {tool: {k: summary(v) for k, v in samples[tool].items()} for tool in tools}


def rows(results, calls, cell, ratio):
    """The table's lines: delivered, share, drops, records/s, wall, peak RSS."""
    b, p = results["bdtrace"], results["bpftrace"]
    title = TITLE.format(n=calls)
    share = {t: {k: v * 100.0 / calls for k, v in results[t]["lines"].items()} for t in results}
    return [
        (f"{title}: lines delivered (thousands)", cell(b["lines"], 1 / 1000), cell(p["lines"], 1 / 1000), ""),
        (f"{title}: share delivered (%)", cell(share["bdtrace"], 1), cell(share["bpftrace"], 1), ""),
        (f"{title}: drops reported (thousands)", cell(b["drops"], 1 / 1000), cell(p["drops"], 1 / 1000), ""),
        (f"{title}: consumer records per CPU second (thousands)", cell(b["rate"], 1 / 1000),
         cell(p["rate"], 1 / 1000), ratio(p["rate"]["median"], b["rate"]["median"], 2)),
        (f"{title}: wall (s)", cell(b["wall"], 1), cell(p["wall"], 1), ratio(b["wall"]["median"], p["wall"]["median"], 2)),
        (f"{title}: peak RSS (MiB)", cell(b["rss"], 1 / 1024), cell(p["rss"], 1 / 1024),
         ratio(b["rss"]["median"], p["rss"]["median"])),
    ]
