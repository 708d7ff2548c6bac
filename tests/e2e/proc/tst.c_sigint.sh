# SIGINT to dtrace while the -c command runs: tracing stops, END runs, and the command, which
# dtrace started, is killed as dtrace exits.
dtrace=$1
set -m
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
"$dtrace" -q -c 'sleep 30' -n 'BEGIN { printf("%d\n", $target); } END { printf("END\n"); }' >"$out" &
tracer=$!
for i in $(seq 100); do
	[ -s "$out" ] && break
	sleep 0.05
done
target=$(head -1 "$out")
kill -INT $tracer
( sleep 8; kill -KILL $tracer ) >/dev/null 2>&1 &
watchdog=$!
wait $tracer
echo "status $?"
kill $watchdog 2>/dev/null
tail -n +2 "$out"
if kill -0 "$target" 2>/dev/null; then
	echo "the command is still running"
	kill "$target"
else
	echo "the command is gone"
fi
