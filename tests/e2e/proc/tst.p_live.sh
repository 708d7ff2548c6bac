# -p watches a running process: $target is its pid, and when it dies tracing stops, END runs,
# and the exit is noticed ("has exited": the status of a process dtrace did not start is its
# parent's to collect).
dtrace=$1
dir=$(mktemp -d) || exit 1
sleep 30 &
sleeper=$!
trap 'kill $sleeper 2>/dev/null; rm -rf "$dir"' EXIT
timeout 10 "$dtrace" -p $sleeper -n "END { printf(\"target %s\\n\", \$target == $sleeper ? \"is the process\" : \"is wrong\"); }" \
	>"$dir/out" 2>"$dir/err" &
tracer=$!
# The process is grabbed before the program is compiled, so the "matched" notice means it is
# watched; only then is it killed.
for i in $(seq 100); do
	grep -q matched "$dir/err" && break
	sleep 0.05
done
kill $sleeper
wait $tracer
echo "status $?"
cat "$dir/out"
cat "$dir/err" >&2
