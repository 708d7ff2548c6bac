#!/usr/bin/env python3
"""The 100-column rule of .clang-format, as a ratchet: no C/C++ file may have more lines over 100
columns than scripts/line_length_baseline.txt records for it (a file it does not name: none).
The baseline holds the offenders of the day the rule was first enforced; reformatting them all
at once would collide with every branch in flight, so a file's count may only go down. When it
does, the check says so and `--update` writes the lower counts (it never raises one).

  python3 scripts/check_line_length.py [ROOT]            # exit 1 when a file exceeds its count
  python3 scripts/check_line_length.py --update [ROOT]   # lower the baseline to today's counts
  python3 scripts/check_line_length.py --record [ROOT]   # record today's counts, higher ones too
                                                         # (once, for branches begun before the rule)
"""
import os
import subprocess
import sys

LIMIT = 100
EXTENSIONS = (".c", ".cc", ".cpp", ".h", ".hpp")
BASELINE = os.path.join("scripts", "line_length_baseline.txt")


def sources(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True)
        names = [n for n in out.stdout.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: walk the tree
        names = []
        for d, subdirs, files in os.walk(root):
            subdirs[:] = [s for s in subdirs if not s.startswith(".") and s != "build"]
            names += [os.path.relpath(os.path.join(d, f), root) for f in files]
    return sorted(n for n in names if n.endswith(EXTENSIONS) and os.path.isfile(os.path.join(root, n)))


def long_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return [i for i, line in enumerate(f, 1) if len(line.rstrip("\r\n").expandtabs(8)) > LIMIT]


def read_baseline(root):
    counts = {}
    path = os.path.join(root, BASELINE)
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                n, name = line.split(None, 1)
                counts[name] = int(n)
    return counts


def main(argv):
    record = "--record" in argv
    update = "--update" in argv or record
    args = [a for a in argv if a not in ("--update", "--record")]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    baseline = read_baseline(root)
    failures, lower, today = [], [], {}
    for name in sources(root):
        lines = long_lines(os.path.join(root, name))
        allowed = baseline.get(name, 0)
        today[name] = len(lines) if record else min(len(lines), allowed)
        if len(lines) > allowed:
            failures.append(f"{name}: {len(lines)} lines over {LIMIT} columns (allowed {allowed}): "
                            f"lines {', '.join(map(str, lines[:10]))}{' ...' if len(lines) > 10 else ''}")
        elif len(lines) < allowed:
            lower.append(name)
    if update:
        with open(os.path.join(root, BASELINE), "w", encoding="utf-8") as f:
            f.write("# Lines over 100 columns per file, allowed until the file is reformatted "
                    "(scripts/check_line_length.py).\n")
            for name, n in sorted(today.items()):
                if n:
                    f.write(f"{n} {name}\n")
        return 0
    for msg in failures:
        print(msg)
    if lower:
        print(f"{len(lower)} file(s) now have fewer long lines than the baseline: "
              "`python3 scripts/check_line_length.py --update` lowers it")
    if failures:
        print(f"check_line_length: {len(failures)} file(s) over the {LIMIT}-column rule "
              "(.clang-format): wrap the new lines (clang-format does)")
        return 1
    print(f"check_line_length: every file within its allowance ({sum(baseline.values())} old long lines remain)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
