# -p and a system() in BEGIN that tells the process to go: in DTrace, BEGIN's records are consumed
# after dtrace_go() has made every probe active, so the process's 7 calls that follow all fire.
# bdtrace runs system() while it consumes BEGIN's output, before the other probes are active, so
# the calls are lost.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n "
BEGIN { system(\"kill -USR1 $lt_pid\"); }
pid\$target:a.out:lt_work:entry { @ = count(); }"
