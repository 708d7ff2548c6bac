# Output traced before SIGINT is all printed: END's count equals the lines printed before it.
dtrace=$1
# Job control on: background jobs must not start with SIGINT ignored (dtrace, like
# DTrace, leaves an ignored SIGINT ignored).
set -m
out=${TMPDIR:-/tmp}/e2e_sigint.$$
"$dtrace" -q -n '
int n;
tick-1ms
{
	printf("tick %d\n", ++n);
}
END
{
	printf("END %d\n", n);
}' > "$out" &
pid=$!
# Signal once ticks are being printed (not after a fixed time: a loaded machine starts slower).
for i in $(seq 100); do grep -q '^tick ' "$out" 2>/dev/null && break; sleep 0.1; done
kill -INT $pid
( sleep 8; kill -KILL $pid ) >/dev/null 2>&1 &
watchdog=$!
wait $pid
status=$?
kill $watchdog 2>/dev/null
ticks=$(grep -c '^tick ' "$out")
last=$(grep '^END ' "$out" | cut -d' ' -f2)
if [ "$ticks" = "$last" ] && [ "$ticks" -gt 0 ]; then echo "complete"; else echo "printed $ticks ticks, END says $last"; fi
rm -f "$out"
exit $status
