# -p of a running process and a probe in a shared library: libc's usleep, named as libc.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dir/lt_prog" loop &
pid=$!
sleep 0.2
timeout 10 "$dtrace" -q -p $pid -n '
pid$target:libc:usleep:entry { printf("usleep(%d) in %s\n", arg0, probemod); exit(0); }'
status=$?
kill $pid
wait $pid 2>/dev/null
exit $status
