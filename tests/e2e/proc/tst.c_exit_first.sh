# When the program calls exit() before the -c command is done, dtrace stops at once and the
# command, which dtrace started, is killed with it (DTrace sets kill-on-last-close on the
# processes it creates); no exit notice is printed for it.
dtrace=$1
out=$(timeout 10 "$dtrace" -q -c 'sleep 30' -n 'tick-10ms { printf("%d\n", $target); exit(0); }')
echo "status $?"
target=$(printf '%s\n' "$out" | head -1)
if kill -0 "$target" 2>/dev/null; then
	echo "the command is still running"
	kill "$target"
else
	echo "the command is gone"
fi
