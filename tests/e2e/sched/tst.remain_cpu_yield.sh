# sched:::remain-cpu fires when sched_yield() finds nothing better to run than the caller:
# among 100000 yields, some keep the target on its CPU.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc yield" -n 'sched:::remain-cpu /pid == $target && !lt_done/ { lt_done = 1; printf("%s %d\n", execname, tid == $target); exit(0); }'
