# A probe in libc on a -c command, without -Z: dtrace runs the command until the dynamic linker
# has mapped its libraries (as DTrace does), so libc's malloc is there to probe; the program's
# malloc(4242) fires once.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:libc.so.6:malloc:entry /arg0 == 4242/ { printf("%s:%s(%d)\n", probemod, probefunc, arg0); }'
