# The classic latency one-liner: self-> set at off-cpu is seen at on-cpu in the same thread.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::off-cpu /pid == $target && !lt_done/ { lt_done = 1; self->ts = timestamp; } sched:::on-cpu /self->ts/ { printf("%s %d %d\n", execname, tid == $target, timestamp > self->ts); self->ts = 0; }'
