#!/usr/bin/env python3
"""Where a probe's floor goes: hand-made BPF programs on a profile timer, one part at a time.

    sudo python3 -B bench/floor_parts.py [--runs N] [--window S] [--hz HZ]

bdtrace's empty clause costs more per profile event than bpftrace's (README, issue 20), while
the instructions it runs take a few nanoseconds: at a few thousand events per second each event
meets cold caches, so the floor is the memory it touches. This script loads programs that add
the entry function's parts one by one (BPF_PROG_TYPE_PERF_EVENT, attached to a cpu-clock event
per CPU at HZ) and prints the BPF time per event of each, from the kernel's own counters
(kernel.bpf_stats_enabled), while four processes loop on getppid() as in the per-event cases.
The variants are interleaved in every round so that a change in the machine's load hits all.

  empty        r0 = 0; exit (what a clause-less bpftrace program costs the kernel)
  state        + the activity word (a load from an ARRAY map's value: kmalloc'd memory)
  percpu       + the scratch value (PERCPU_ARRAY lookup, bdtrace's size) and four stores
  percpu+call  + a call to a second BPF function (bdtrace's clause call)
  array        state + a plain ARRAY of one scratch value per CPU, indexed by the CPU number
  small        state + a PERCPU_ARRAY of 512-byte values (is it the size of the value?)
  array-only   the plain array's row and its stores, no activity word
  array-word   the same, then the activity word read from the row (no state map)
Plain system calls through ctypes: no library.
"""
import argparse
import ctypes
import os
import statistics
import struct
import subprocess
import sys
import time

NR_BPF = 321  # x86-64
NR_PERF_EVENT_OPEN = 298
BPF_MAP_CREATE, BPF_MAP_UPDATE_ELEM, BPF_PROG_LOAD = 0, 2, 5
MAP_ARRAY, MAP_PERCPU_ARRAY = 2, 6
PROG_PERF_EVENT = 7
PERF_EVENT_IOC_ENABLE = 0x2400
PERF_EVENT_IOC_SET_BPF = 0x40042408
SCRATCH_SIZE = 12288  # about bdtrace's scratch value for a small program (ScratchLayout)

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def sys_bpf(cmd, attr):
    ret = libc.syscall(ctypes.c_long(NR_BPF), ctypes.c_long(cmd), attr, ctypes.c_long(len(attr.raw)))
    if ret < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"bpf({cmd}): {os.strerror(err)}")
    return ret


def map_create(kind, value_size, entries):
    attr = ctypes.create_string_buffer(72)
    struct.pack_into("IIII", attr, 0, kind, 4, value_size, entries)
    return sys_bpf(BPF_MAP_CREATE, attr)


def map_set_u32(fd, key, value, value_size):
    k = ctypes.create_string_buffer(struct.pack("I", key), 4)
    v = ctypes.create_string_buffer(struct.pack("I", value) + bytes(value_size - 4), value_size)
    attr = ctypes.create_string_buffer(32)
    struct.pack_into("IIQQQ", attr, 0, fd, 0, ctypes.addressof(k), ctypes.addressof(v), 0)
    sys_bpf(BPF_MAP_UPDATE_ELEM, attr)


def insn(code, dst=0, src=0, off=0, imm=0):
    return struct.pack("<BBhi", code, (src << 4) | dst, off, imm)


def ld_map(dst, fd, value_off=None):
    # BPF_LD | BPF_IMM | BPF_DW; src 1: the map, src 2: an address inside its value 0
    if value_off is None:
        return insn(0x18, dst, 1, 0, fd) + insn(0, 0, 0, 0, 0)
    return insn(0x18, dst, 2, 0, fd) + insn(0, 0, 0, 0, value_off)


def exit0():
    return insn(0xb7, 0, 0, 0, 0) + insn(0x95)


def state_check(state_fd):
    # r7 = &state; if (*(u32 *)r7 != 2) return 0
    code = ld_map(7, state_fd, 0) + insn(0x61, 0, 7, 0, 0)
    return code + insn(0x15, 0, 0, 2, 2) + exit0()


def lookup_and_store(map_fd, key_reg=None):
    # *(u32 *)(r10 - 8) = key; r0 = lookup(map, r10 - 8); if (!r0) return 0; four stores
    code = insn(0x63, 10, key_reg, -8, 0) if key_reg is not None else insn(0x62, 10, 0, -8, 0)
    code += insn(0xbf, 2, 10) + insn(0x07, 2, 0, 0, -8) + ld_map(1, map_fd) + insn(0x85, imm=1)
    code += insn(0x55, 0, 0, 2, 0) + exit0()
    for off in (0, 8, 16, 24):
        code += insn(0x7a, 0, 0, off, 0)  # *(u64 *)(r0 + off) = 0
    return code


def variants(fds):
    state, pcpu, arr, small = fds["state"], fds["percpu"], fds["array"], fds["small"]
    out = {}
    out["empty"] = exit0()
    out["state"] = state_check(state) + exit0()
    out["percpu"] = state_check(state) + lookup_and_store(pcpu) + exit0()
    body = state_check(state) + lookup_and_store(pcpu)
    # call pc+2 (skip the caller's exit), then the callee: r0 = 0; exit
    out["percpu+call"] = body + insn(0x85, 0, 1, 0, 2) + exit0() + exit0()
    cpu = insn(0x85, imm=8) + insn(0xbf, 6, 0)  # r6 = bpf_get_smp_processor_id()
    out["array"] = state_check(state) + cpu + lookup_and_store(arr, key_reg=6) + exit0()
    out["small"] = state_check(state) + lookup_and_store(small) + exit0()
    # the row alone, then the activity word read from the row instead of the state map
    out["array-only"] = cpu + lookup_and_store(arr, key_reg=6) + exit0()
    out["array-word"] = (cpu + lookup_and_store(arr, key_reg=6) + insn(0x61, 1, 0, 32, 0)
                         + insn(0x15, 1, 0, 2, 0) + exit0() + exit0())
    return out


def prog_load(name, code):
    buf = ctypes.create_string_buffer(code, len(code))
    lic = ctypes.create_string_buffer(b"GPL")
    log = ctypes.create_string_buffer(65536)
    attr = ctypes.create_string_buffer(128)
    struct.pack_into("IIQQIIQ", attr, 0, PROG_PERF_EVENT, len(code) // 8, ctypes.addressof(buf),
                     ctypes.addressof(lic), 1, len(log.raw), ctypes.addressof(log))
    attr[48:48 + len(name[:15])] = name[:15].encode()
    try:
        return sys_bpf(BPF_PROG_LOAD, attr)
    except OSError:
        sys.stderr.write(log.value.decode(errors="replace"))
        raise


def perf_timer(cpu, hz):
    attr = ctypes.create_string_buffer(128)
    # type SOFTWARE, size, config CPU_CLOCK, sample_freq, flags: disabled | freq
    struct.pack_into("IIQQQQQ", attr, 0, 1, 128, 0, hz, 0, 0, 1 | (1 << 10))
    fd = libc.syscall(ctypes.c_long(NR_PERF_EVENT_OPEN), attr, ctypes.c_long(-1), ctypes.c_long(cpu),
                      ctypes.c_long(-1), ctypes.c_long(8))
    if fd < 0:
        raise OSError(ctypes.get_errno(), "perf_event_open")
    return fd


def stats(prog_fd):
    vals = {}
    with open(f"/proc/self/fdinfo/{prog_fd}") as f:
        for line in f:
            k, _, v = line.partition(":")
            vals[k.strip()] = v.strip()
    return int(vals.get("run_time_ns", 0)), int(vals.get("run_cnt", 0))


def measure(prog_fd, hz, window):
    events = [perf_timer(cpu, hz) for cpu in range(os.cpu_count())]
    try:
        for fd in events:
            libc.ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog_fd)
            libc.ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)
        time.sleep(0.2)
        t0, n0 = stats(prog_fd)
        time.sleep(window)
        t1, n1 = stats(prog_fd)
    finally:
        for fd in events:
            os.close(fd)
    return (t1 - t0) / max(1, n1 - n0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--window", type=float, default=1.0)
    ap.add_argument("--hz", type=int, default=4999)
    args = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("floor_parts.py: needs root")
    ncpu = os.cpu_count()
    fds = {"state": map_create(MAP_ARRAY, 64, 1),
           "percpu": map_create(MAP_PERCPU_ARRAY, SCRATCH_SIZE, 2),
           "array": map_create(MAP_ARRAY, SCRATCH_SIZE, 2 * ncpu),
           "small": map_create(MAP_PERCPU_ARRAY, 512, 2)}
    map_set_u32(fds["state"], 0, 2, 64)
    progs = {name: prog_load("fp_" + name.replace("+", "_").replace("-", "_"), code)
             for name, code in variants(fds).items()}
    old = open("/proc/sys/kernel/bpf_stats_enabled").read().strip()
    loops = [subprocess.Popen(["nice", "-n", "10", sys.executable, "-c",
                               "import os\nwhile True: os.getppid()"]) for _ in range(4)]
    results = {name: [] for name in progs}
    try:
        with open("/proc/sys/kernel/bpf_stats_enabled", "w") as f:
            f.write("1")
        for _ in range(args.runs):
            for name, fd in progs.items():
                results[name].append(measure(fd, args.hz, args.window))
    finally:
        with open("/proc/sys/kernel/bpf_stats_enabled", "w") as f:
            f.write(old)
        for p in loops:
            p.kill()
            p.wait()
    base = statistics.median(results["empty"])
    print(f"# BPF ns per profile event at {args.hz} Hz, median (min-max) of {args.runs} windows "
          f"of {args.window} s; load {os.getloadavg()[0]:.2f}")
    print("| program | ns/event | above empty |")
    print("|---|---:|---:|")
    for name, vals in results.items():
        med = statistics.median(vals)
        print(f"| {name} | {med:.1f} ({min(vals):.1f}-{max(vals):.1f}) | {med - base:+.1f} |")


if __name__ == "__main__":
    main()
