# lquantize() of an argument: one call in each bucket from 0 to 6.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry { @ = lquantize(arg0, 0, 8, 1); }'
