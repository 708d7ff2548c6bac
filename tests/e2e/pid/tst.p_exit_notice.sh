# -p without -q: the probe lines, the matched-probes and destructive notices and, when the
# grabbed process exits, "pid N has exited" (DTrace cannot know the status of a process it did
# not create).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:a.out:lt_six:return { trace(arg1); }'
