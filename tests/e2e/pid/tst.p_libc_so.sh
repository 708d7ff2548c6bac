# -p and libc named libc.so: DTrace matches a module name up to a '.' of the file name.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:libc.so:malloc:entry /arg0 == 4242/ { printf("%s:%s(%d)\n", probemod, probefunc, arg0); }'
