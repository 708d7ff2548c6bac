# SIGTERM stops tracing like SIGINT: END runs and the status is 0.
dtrace=$1
# Job control on: background jobs must not start with SIGINT ignored (dtrace, like
# DTrace, leaves an ignored SIGINT ignored).
set -m
"$dtrace" -q -n '
tick-5ms
{
	n++;
}
END
{
	printf("END ran after %s\n", n > 0 ? "ticks" : "nothing");
}' &
pid=$!
sleep 0.3
kill -TERM $pid
( sleep 8; kill -KILL $pid ) >/dev/null 2>&1 &
watchdog=$!
wait $pid
status=$?
kill $watchdog 2>/dev/null
exit $status
