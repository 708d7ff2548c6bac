# Without quiet, SIGINT ends tracing with END's probe line.
dtrace=$1
# Job control on: background jobs must not start with SIGINT ignored (dtrace, like
# DTrace, leaves an ignored SIGINT ignored).
set -m
"$dtrace" -n 'END { trace("end"); }' 2>/dev/null &
pid=$!
sleep 0.3
kill -INT $pid
( sleep 8; kill -KILL $pid ) >/dev/null 2>&1 &
watchdog=$!
wait $pid
status=$?
kill $watchdog 2>/dev/null
exit $status
