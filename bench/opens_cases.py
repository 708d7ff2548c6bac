"""The files a BEGIN-only program opens: the guard of startup's reading only what the program
needs (issue 20). Each tracer runs its BEGIN { exit } once under strace -f (open, openat,
openat2); the files it opened successfully, shared libraries and the dynamic linker's lookups
left out, are listed for both tracers side by side. A BEGIN-only program needs no kernel symbol
and no kernel type: bdtrace's list should name neither /proc/kallsyms nor /sys/kernel/btf/vmlinux
(tests/e2e/core/tst.begin_opens_no_btf.sh asserts that).
"""
import os
import re
import shutil
import subprocess
import tempfile

PROGRAM = {
    "bdtrace": ["-q", "-n", "BEGIN { exit(0); }"],
    "bpftrace": ["-e", "BEGIN { exit(); }"],
}

# A successful open: the path in quotes, a file descriptor after "=".
OPEN = re.compile(r'\bopen(?:at2?)?\((?:[A-Z_]+, )?"([^"]*)".*\)\s+=\s+\d+')
LIBRARY = re.compile(r"(\.so(\.[0-9.]+)?$)|(^/etc/ld\.so\.)|(/gconv/)|(/locale/)|(^/usr/lib/locale)")
WATCHED = ("/proc/kallsyms", "/sys/kernel/btf/vmlinux")


def opened(argv):
    """The files argv opened, in order, once each, shared libraries left out."""
    with tempfile.NamedTemporaryFile(suffix=".strace") as log:
        subprocess.run(["strace", "-f", "-qq", "-e", "trace=open,openat,openat2", "-o", log.name] + argv,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=60, check=False)
        files = []
        with open(log.name, errors="replace") as f:
            for line in f:
                m = OPEN.search(line)
                if m and not LIBRARY.search(m.group(1)) and m.group(1) not in files:
                    files.append(m.group(1))
    return files


def measure(paths, tools):
    """{tool: [files]}; None when strace is missing."""
    if not shutil.which("strace"):
        return None
    return {tool: opened([paths[tool]] + PROGRAM[tool]) for tool in tools}


def rows(files, tools):
    """The table's line: how many files each opened, and which watched ones."""
    if files is None:
        return [("startup: files BEGIN { exit } opened", "strace missing", "strace missing", "-")]
    def cell(fs):
        watched = [w for w in WATCHED if w in fs]
        return f"{len(fs)}" + (f" (incl. {', '.join(watched)})" if watched else " (no kallsyms, no BTF)")
    return [("startup: files BEGIN { exit } opened, libraries aside", cell(files[tools[0]]), cell(files[tools[1]]),
             "-")]


def notes(files, tools):
    """Header lines listing each tracer's files."""
    if files is None:
        return ["files opened: not measured (strace missing; apt-get install strace)"]
    return [f"files {tool}'s BEGIN {{ exit }} opened, libraries aside: " + (", ".join(files[tool]) or "none")
            for tool in tools]
