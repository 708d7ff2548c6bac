# -p and a module glob, libc.so.*, and a function glob, malloc*, whose probes are counted
# for the program's own malloc(4242) only.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:libc.so.*:malloc:entry /arg0 == 4242/ { @[probemod, probefunc] = count(); }'
