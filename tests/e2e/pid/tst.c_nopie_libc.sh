# A non-PIE executable and a probe in libc on a -c command (libc's return value: the pointer
# that the program passes to free()).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -no-pie
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:libc.so.6:malloc:entry /arg0 == 4242/ { self->want = 1; }
pid$target:libc.so.6:malloc:return /self->want/ { self->want = 0; ptr = arg1; }
pid$target:libc.so.6:free:entry /ptr != 0 && arg0 == ptr/ { printf("the malloc(4242) pointer was freed\n"); ptr = 0; }'
