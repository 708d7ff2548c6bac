# Module a.out names the executable, but the probe's module is the executable's file name, as
# DTrace rewrites a.out to the object's name (dt_pid_fix_mod).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_first:entry { printf("%s:%s:%s\n", probemod, probefunc, probename); }'
