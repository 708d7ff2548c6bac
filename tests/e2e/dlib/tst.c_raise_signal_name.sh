# raise() with a signal name from signal.d: SIGKILL ends the -c command in its first call.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -w -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_first:entry { raise(SIGKILL); }
pid$target:a.out:lt_work:entry { printf("not reached\n"); }'
