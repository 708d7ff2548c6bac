# sum() of the return values: 3 + 13 + ... + 63 = 231.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:return { @ = sum(arg1); }'
