# The headline one-liner: malloc's callers as an aggregation key. The C library has no frame pointers, so the walk from malloc loses strdup's caller; the key prints as its sample unwound through strdup, with the exact count.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_alloc" -n 'pid$target:libc.so.6:strdup:entry { self->in = 1; } pid$target:libc.so.6:malloc:entry /self->in/ { @[ustack()] = count(); } pid$target:libc.so.6:strdup:return { self->in = 0; }'
