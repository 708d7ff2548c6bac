#!/usr/bin/env python3
"""The include order of src/'s folders: a folder includes only folders of a lower tier (and
include/bdtrace/, the public headers). The tiers follow the pipeline of docs/architecture.md:
ground-level folders at the bottom, each stage above the ones it consumes, the consumer API and
the command line on top. A folder not in the table, or an include of a folder of the same or a
higher tier, fails the check with the file and line.

  python3 scripts/check_layers.py [ROOT]
"""
import os
import re
import sys

TIERS = [
    # ground level: included by any stage, including none above them
    ["arch", "btf", "bpf", "formats", "util"],
    # what the stages stand on: diagnostics, the parser, options, the kernel boundary,
    # processes and their files
    ["diag", "frontend", "options", "kernel", "process"],
    ["dlib", "probes", "usdtgen"],
    ["sema", "output"],
    ["codegen"],
    ["assemble"],
    ["runtime"],
    ["metrics"],
    ["api"],
    ["cli"],
]
PUBLIC = "bdtrace"  # include/bdtrace/: the public headers, open to every folder
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def tier_of():
    table = {}
    for level, folders in enumerate(TIERS):
        for folder in folders:
            table[folder] = level
    return table


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    src = os.path.join(root, "src")
    tiers = tier_of()
    problems = []
    for folder in sorted(os.listdir(src)):
        path = os.path.join(src, folder)
        if not os.path.isdir(path):
            continue
        if folder not in tiers:
            problems.append(f"src/{folder}/: not in scripts/check_layers.py's table of tiers")
            continue
        for dirpath, _, files in os.walk(path):
            for name in sorted(files):
                if not name.endswith((".cpp", ".h")):
                    continue
                file = os.path.join(dirpath, name)
                with open(file, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m or "/" not in m.group(1):
                            continue
                        target = m.group(1).split("/")[0]
                        if target in (PUBLIC, folder) or target not in tiers:
                            continue
                        if tiers[target] >= tiers[folder]:
                            rel = os.path.relpath(file, root)
                            problems.append(f"{rel}:{number}: {folder}/ (tier {tiers[folder]}) includes "
                                            f"{m.group(1)} (tier {tiers[target]})")
    for p in problems:
        print(p)
    print(f"layers: {len(problems)} include(s) against the order of tiers" if problems
          else "layers: every folder includes only lower tiers")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
