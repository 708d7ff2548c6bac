# Return probes: arg1 is the return value (10 * i + 3 for lt_work(i, 3)).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:return { printf("= %d\n", arg1); }'
