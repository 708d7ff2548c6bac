# -p: libc's malloc(4242) returns a pointer that the program then passes to free().
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:libc.so.6:malloc:entry /arg0 == 4242/ { self->want = 1; }
pid$target:libc.so.6:malloc:return /self->want/ { self->want = 0; ptr = arg1; }
pid$target:libc.so.6:free:entry /ptr != 0 && arg0 == ptr/ { printf("the malloc(4242) pointer was freed\n"); ptr = 0; }'
