#!/usr/bin/env python3
"""Holds an empty BPF program (r0 = 0; exit) on one uprobe until SIGINT: the kernel's floor.

usage: empty_uprobe.py multi|perf FILE OFFSET PID

  multi  one uprobe_multi link (BPF_LINK_CREATE, BPF_TRACE_UPROBE_MULTI), filtered by PID in the
         kernel: the way bdtrace attaches its pid probes
  perf   one perf event of the uprobe PMU for PID (perf_event_open, PERF_EVENT_IOC_SET_BPF): the
         way bpftrace 0.17 attaches a uprobe

The bench's per-event cases measure it like a tracer (the run time the kernel counts for the
programs this process holds, the target's own time per call), so the cost of a uprobe that runs
no tracer code is known for each attach path. Plain system calls through ctypes: no library.
"""
import ctypes
import os
import signal
import struct
import sys

NR_BPF = 321            # x86-64
NR_PERF_EVENT_OPEN = 298
BPF_PROG_LOAD = 5
BPF_LINK_CREATE = 28
BPF_PROG_TYPE_KPROBE = 2
BPF_TRACE_UPROBE_MULTI = 48
PERF_EVENT_IOC_ENABLE = 0x2400
PERF_EVENT_IOC_SET_BPF = 0x40042408
PERF_FLAG_FD_CLOEXEC = 8

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def check(ret, what):
    if ret < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")
    return ret


def bpf(cmd, attr):
    return check(libc.syscall(ctypes.c_long(NR_BPF), ctypes.c_long(cmd), attr,
                              ctypes.c_long(ctypes.sizeof(attr))), f"bpf({cmd})")


def load_empty(expected_attach):
    insns = ctypes.create_string_buffer(bytes([0xb7, 0, 0, 0, 0, 0, 0, 0,    # r0 = 0
                                               0x95, 0, 0, 0, 0, 0, 0, 0]), 16)  # exit
    license = ctypes.create_string_buffer(b"GPL")
    attr = ctypes.create_string_buffer(128)
    struct.pack_into("IIQQ", attr, 0, BPF_PROG_TYPE_KPROBE, 2, ctypes.addressof(insns),
                     ctypes.addressof(license))
    attr[48:48 + 12] = b"empty_uprobe"                   # prog_name
    struct.pack_into("I", attr, 68, expected_attach)     # expected_attach_type
    return bpf(BPF_PROG_LOAD, attr), (insns, license)


def attach_multi(path, offset, pid):
    prog, keep = load_empty(BPF_TRACE_UPROBE_MULTI)
    cpath = ctypes.create_string_buffer(path.encode())
    offsets = (ctypes.c_uint64 * 1)(offset)
    attr = ctypes.create_string_buffer(64)
    struct.pack_into("IIII", attr, 0, prog, 0, BPF_TRACE_UPROBE_MULTI, 0)
    struct.pack_into("QQQQIII", attr, 16, ctypes.addressof(cpath), ctypes.addressof(offsets), 0, 0,
                     1, 0, pid)
    return [prog, bpf(BPF_LINK_CREATE, attr)], (keep, cpath, offsets)


def attach_perf(path, offset, pid):
    prog, keep = load_empty(0)
    with open("/sys/bus/event_source/devices/uprobe/type") as f:
        pmu = int(f.read())
    cpath = ctypes.create_string_buffer(path.encode())
    attr = ctypes.create_string_buffer(128)
    struct.pack_into("II", attr, 0, pmu, 128)                  # type, size
    struct.pack_into("Q", attr, 16, 1)                         # sample_period
    struct.pack_into("QQ", attr, 56, ctypes.addressof(cpath), offset)  # uprobe_path, probe_offset
    fd = check(libc.syscall(ctypes.c_long(NR_PERF_EVENT_OPEN), attr, ctypes.c_long(pid),
                            ctypes.c_long(-1), ctypes.c_long(-1), ctypes.c_long(PERF_FLAG_FD_CLOEXEC)),
               "perf_event_open(uprobe)")
    check(libc.ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog), "PERF_EVENT_IOC_SET_BPF")
    check(libc.ioctl(fd, PERF_EVENT_IOC_ENABLE, 0), "PERF_EVENT_IOC_ENABLE")
    return [prog, fd], (keep, cpath)


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("multi", "perf"):
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    path, offset, pid = sys.argv[2], int(sys.argv[3], 0), int(sys.argv[4])
    attach = attach_multi if sys.argv[1] == "multi" else attach_perf
    # Blocked before attaching: the bench may stop us as soon as the first event is counted.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        fds, keep = attach(path, offset, pid)
    except OSError as e:
        print(f"empty_uprobe: {e.strerror}", file=sys.stderr)
        return 1
    signal.sigwait({signal.SIGINT, signal.SIGTERM})
    for fd in fds:
        os.close(fd)
    del keep
    return 0


if __name__ == "__main__":
    sys.exit(main())
