# raise(SIGUSR1): DTrace's D knows the signal names as integer constants (signal.d).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(SIGUSR1); }
pid$target:a.out:lt_work:entry { @ = count(); }'
