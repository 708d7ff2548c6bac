# An offset at or past the end of the function is refused (D_PROC_OFF).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:a.out:lt_work:1000 { }'
