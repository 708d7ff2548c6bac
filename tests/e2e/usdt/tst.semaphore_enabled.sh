# Is-enabled probes: while traced, the semaphore is raised and all 5 guarded firings happen.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sem lt_sem.c
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_sem" -n 'lt_sem$target:::tick { printf("tick %d\n", arg0); }'
cat "$dir/trace"
