# SIGTERM stops tracing like SIGINT: END runs and the status is 0. The first tick prints an
# empty line, which tells the test tracing has started.
dtrace=$1
# Job control on: background jobs must not start with SIGINT ignored (dtrace, like
# DTrace, leaves an ignored SIGINT ignored).
set -m
out=${TMPDIR:-/tmp}/e2e_sigterm.$$
"$dtrace" -q -n '
tick-5ms
{
	n++;
}
tick-5ms
/n == 1/
{
	printf("\n");
}
END
{
	printf("END ran after %s\n", n > 0 ? "ticks" : "nothing");
}' > "$out" &
pid=$!
# Signal once the first tick has printed (not after a fixed time: a loaded machine starts slower).
for i in $(seq 100); do [ -s "$out" ] && break; sleep 0.1; done
kill -TERM $pid
( sleep 8; kill -KILL $pid ) >/dev/null 2>&1 &
watchdog=$!
wait $pid
status=$?
kill $watchdog 2>/dev/null
cat "$out"
rm -f "$out"
exit $status
