"""The workload of libc_cases.py: CPython's json and str code, which calls libc all the time.
usage: libc_workload.py ITERATIONS. Prints "ready", waits for a line on stdin, runs the loop,
prints its wall time and its process CPU time (user + system) in seconds."""
import json
import sys
import time

n = int(sys.argv[1])
sys.stdout.write("ready\n")
sys.stdout.flush()
sys.stdin.readline()
t0, c0 = time.perf_counter(), time.process_time()
keep = []
for i in range(n):
    s = json.dumps({"i": i, "s": str(i) * 5, "f": i / 7})
    keep.append(json.loads(s)["s"].upper())
    if len(keep) > 1000:
        keep.clear()
print(f"{time.perf_counter() - t0:.6f} {time.process_time() - c0:.6f}", flush=True)
