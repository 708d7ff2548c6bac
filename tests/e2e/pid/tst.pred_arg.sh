# A predicate on an argument: only the calls with i > 3.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry /arg0 > 3/ { printf("%d\n", arg0); }'
