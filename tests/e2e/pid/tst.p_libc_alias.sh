# -p: libc's __libc_malloc is another name of malloc; the probe is named malloc, the name DTrace
# prefers (fewer leading underscores).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:libc.so.6:__libc_malloc:entry /arg0 == 4242/ { printf("%s(%d)\n", probefunc, arg0); }'
