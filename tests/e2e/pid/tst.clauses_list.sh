# One clause for a list of probes: entry and return of two functions, told apart by probefunc
# and probename.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_outer:entry, pid$target:a.out:lt_outer:return,
pid$target:a.out:lt_middle:entry, pid$target:a.out:lt_middle:return { printf("%s:%s\n", probefunc, probename); }'
