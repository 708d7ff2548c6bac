# A probe name that is neither entry, return nor a hexadecimal offset is refused (D_PROC_NAME).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:a.out:lt_work:start { }'
