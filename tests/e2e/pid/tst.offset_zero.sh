# Offset 0 is a probe of its own, named "0", on the function's first instruction (not "entry").
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_six:0 { printf("%s:%s %d\n", probefunc, probename, arg5); }'
