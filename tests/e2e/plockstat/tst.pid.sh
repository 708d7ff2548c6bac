# -p: a running lt_contended, grabbed; -v says when tracing is on (the test then lets the
# program's rounds start); tracing ends when the process exits.
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
lt_start lt_contended 4 20 5
"$plockstat" -v -p "$lt_pid" >"$dir/out" 2>"$dir/err" &
ps_pid=$!
for _ in $(seq 200); do grep -q 'tracing enabled' "$dir/out" && break; sleep 0.05; done
kill -USR1 "$lt_pid"
wait "$ps_pid"
echo "status $?"
sed -i -E 's/pid [0-9]+/pid PID/' "$dir/out" "$dir/err"
lt_check "$dir/out" 'lt_contended`lt_lock' 'lt_contended`lt_waiter+0xOFF' 4 20000000
cat "$dir/err"
