# arg0 to arg5 are the six x86-64 argument registers (lt_six(1, ..., 6) returns 21).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_six:entry { printf("%d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5); }
pid$target:a.out:lt_six:return { printf("= %d\n", arg1); }'
