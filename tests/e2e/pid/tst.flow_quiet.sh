# -F with -q: DTrace still prints the FUNCTION heading and the indented function column (only
# the CPU/ID/FUNCTION:NAME columns of the usual layout are quiet), then the data.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -F -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_middle:entry, pid$target:a.out:lt_middle:return,
pid$target:a.out:lt_inner:entry, pid$target:a.out:lt_inner:return { printf("[%s]\n", probename); }'
