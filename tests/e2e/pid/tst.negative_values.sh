# A negative int argument and return value: the registers hold 32-bit values, so they are cast
# back to int (lt_neg(-5) returns -10).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_neg:entry { printf("lt_neg(%d)\n", (int)arg0); }
pid$target:a.out:lt_neg:return { printf("= %d\n", (int)arg1); }'
