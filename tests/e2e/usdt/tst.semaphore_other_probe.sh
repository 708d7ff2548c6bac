# Tracing another probe of the program does not raise tick's semaphore: no guarded firing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sem lt_sem.c
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_sem" -n 'lt_sem$target:::plain { printf("plain %d\n", arg0); }'
cat "$dir/trace"
