# ufunc(ucaller) at lt_inner's entry: the calling function, module`function, printed as DTrace
# prints a symbol ("  %-50s"); lt_inner is called twice from lt_middle.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_inner:entry { ufunc(ucaller); printf("|\n"); }'
