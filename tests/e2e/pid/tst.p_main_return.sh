# -p on a process whose main is already running: main's return probe still fires when main
# returns (DTrace puts return probes on the ret instructions; a uretprobe, set at a function's
# entry, misses a call that began before it was placed).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:a.out:main:return { printf("main returns %d\n", arg1); }'
