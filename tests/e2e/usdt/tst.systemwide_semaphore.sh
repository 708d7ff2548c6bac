# System-wide on a file with a semaphore: the kernel raises it in the process that maps the file.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sem lt_sem.c
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_sem" -n 'lt_sem:$1::tick { printf("tick %d\n", arg0); }' "$dir/lt_sem"
cat "$dir/trace"
