# Two paths that differ only below a frame without a frame pointer (lt_dup and lt_dup2, called
# from one place in main, each calling strdup, which has none) are two keys with their own
# counts: the key is unwound in BPF from .eh_frame, not walked by frame pointers.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_alloc two" -n 'pid$target:libc.so.6:strdup:entry { self->in = 1; } pid$target:libc.so.6:malloc:entry /self->in/ { @[ustack()] = count(); } pid$target:libc.so.6:strdup:return { self->in = 0; }'
