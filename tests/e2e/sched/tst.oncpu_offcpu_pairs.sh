# Every off-cpu of the target is followed by its on-cpu: the self-> flag set off CPU is cleared on CPU.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::off-cpu /pid == $target/ { self->off = 1; } sched:::on-cpu /pid == $target && self->off/ { self->off = 0; lt_n++; } END { printf("%d\n", lt_n > 0); }'
