# A limit of unwound keys: the key is the frame-pointer walk, so two paths that differ only in frames the walk skips (lt_dup and lt_dup2, called from one place in main, each calling strdup, which has no frame pointer) are one entry, printed as the first firing unwound. DTrace, which walks frame pointers only, would print the walk itself.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_alloc two" -n 'pid$target:libc.so.6:strdup:entry { self->in = 1; } pid$target:libc.so.6:malloc:entry /self->in/ { @[ustack()] = count(); } pid$target:libc.so.6:strdup:return { self->in = 0; }'
