# -p: exact counts per function of a grabbed process, from the moment it is released (the calls
# before, lt_from_ctor and lt_first, are not seen; lt_ping and the SIGUSR1 handler lt_on_usr1
# are left out).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:a.out:lt_[a-o]*:entry, pid$target:a.out:lt_[q-z]*:entry /probefunc != "lt_on_usr1"/ { @[probefunc] = count(); }'
