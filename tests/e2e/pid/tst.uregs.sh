# uregs[] at an entry probe: the argument registers R_RDI and R_RSI are arg0 and arg1.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry { printf("%d %d\n", uregs[R_RDI], uregs[R_RSI]); }'
