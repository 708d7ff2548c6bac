"""Per-call cost of a pid probe by the instruction it meets first (issue 20), against bpftrace.

    sudo python3 -B bench/path_cases.py [--bdtrace PATH] [--before PATH] [--runs N] [--calls N]

Builds path_target.c (three leaf functions: push %rbp first, endbr64 then push, mov first) and
runs `path_target FN N` under each tracer with -c, the probe counting calls. The target prints
its thread's CPU time per call around the loop, which includes the kernel's uprobe work on its
behalf (the breakpoint trap, the single-step when there is one, the BPF program, the return
trampoline) and nothing of the tracer's start-up or exit. The untraced run gives the floor; each
cell is the median of --runs runs of the time added to the untraced call, in ns, and the ratio
bpftrace / bdtrace (above 1 favours bdtrace).

Entry: bdtrace `pid$target:a.out:FN:entry { @ = count(); }`, bpftrace `uprobe:T:FN { @ = count(); }`.
Return: bdtrace `pid$target:a.out:FN:return { @ = count(); }` (no clause reads arg0: the kernel's
return trampoline) and `{ @[arg0] = count(); }` (DTrace's form: a uprobe on the `ret`, which
the kernel single-steps), bpftrace `uretprobe:T:FN { @ = count(); }`. --before runs another
bdtrace binary the same way (main's before issue 20: the entry at offset 0, returns on `ret`).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FUNCTIONS = {"push": "bench_push", "endbr": "bench_endbr", "mov": "bench_mov"}
TITLES = {"push": "push %rbp first", "endbr": "endbr64 first (-fcf-protection)", "mov": "mov first"}


def build(tmp):
    out = os.path.join(tmp, "path_target")
    subprocess.run(["cc", "-O1", "-o", out, os.path.join(HERE, "path_target.c")], check=True)
    return out


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    m = re.search(r"ns/call ([0-9.]+)", p.stdout)
    if not m:
        sys.exit(f"bench: no ns/call from {' '.join(cmd)}:\n{p.stdout}\n{p.stderr}")
    return float(m.group(1))


def commands(kind, fn, target, calls, bdtrace, before):
    """(label, argv) of each tracer for one case; kind is entry or return."""
    sym = FUNCTIONS[fn]
    c = f"{target} {fn} {calls}"
    pid = f"pid$target:a.out:{sym}:{kind}"
    out = []
    if kind == "entry":
        out.append(("bdtrace", [bdtrace, "-q", "-c", c, "-n", pid + " { @ = count(); }"]))
        if before:
            out.append(("before", [before, "-q", "-c", c, "-n", pid + " { @ = count(); }"]))
        out.append(("bpftrace", ["bpftrace", "-c", c, "-e", f"uprobe:{target}:{sym} {{ @ = count(); }}"]))
    else:
        out.append(("bdtrace", [bdtrace, "-q", "-c", c, "-n", pid + " { @ = count(); }"]))
        out.append(("bdtrace arg0", [bdtrace, "-q", "-c", c, "-n", pid + " { @[arg0] = count(); }"]))
        if before:
            out.append(("before", [before, "-q", "-c", c, "-n", pid + " { @ = count(); }"]))
        out.append(("bpftrace", ["bpftrace", "-c", c, "-e", f"uretprobe:{target}:{sym} {{ @ = count(); }}"]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bdtrace", default=os.path.join(HERE, "..", "build", "src", "bdtrace"))
    ap.add_argument("--before", help="another bdtrace binary to compare (e.g. main's)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--calls", type=int, default=20000)
    args = ap.parse_args()
    bdtrace = os.path.abspath(args.bdtrace)
    before = os.path.abspath(args.before) if args.before else None
    with tempfile.TemporaryDirectory() as tmp:
        target = build(tmp)
        base = {fn: statistics.median(run([target, fn, str(args.calls)]) for _ in range(args.runs))
                for fn in FUNCTIONS}
        rows = []
        for kind in ("entry", "return"):
            for fn in FUNCTIONS:
                cmds = commands(kind, fn, target, args.calls, bdtrace, before)
                got = {label: [] for label, _ in cmds}
                for _ in range(args.runs):  # interleaved, so that a change of load hits all
                    for label, argv in cmds:
                        got[label].append(run(argv) - base[fn])
                rows.append((kind, fn, {k: statistics.median(v) for k, v in got.items()}))
    print(f"# pid probe per call, ns added to the untraced call (median of {args.runs} runs of "
          f"{args.calls} calls; ratio = bpftrace / bdtrace)")
    print(f"# untraced: " + ", ".join(f"{fn} {base[fn]:.1f} ns" for fn in FUNCTIONS))
    print("| probe | first instruction | bdtrace | bdtrace, arg0 read | before | bpftrace | ratio | ratio, arg0 read | ratio before |")
    print("|---|---|---|---|---|---|---|---|---|")
    for kind, fn, m in rows:
        b, p = m["bdtrace"], m["bpftrace"]
        a0 = m.get("bdtrace arg0")
        bf = m.get("before")
        cell = lambda v: f"{v:.0f}" if v is not None else "-"
        ratio = lambda v: f"{p / v:.2f}x" if v else "-"
        print(f"| {kind} | {TITLES[fn]} | {cell(b)} | {cell(a0)} | {cell(bf)} | {cell(p)} | {ratio(b)} | "
              f"{ratio(a0) if a0 else '-'} | {ratio(bf) if bf else '-'} |")


if __name__ == "__main__":
    main()
