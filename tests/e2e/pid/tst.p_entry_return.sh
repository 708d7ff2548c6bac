# -p on a running process: lt_calls waits (calling lt_ping) until the first lt_ping seen by
# dtrace answers with raise(SIGUSR1, 10 here), so all of its work happens while it is traced.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:a.out:lt_work:entry { printf("lt_work(%d, %d)", arg0, arg1); }
pid$target:a.out:lt_work:return { printf(" = %d\n", arg1); }'
