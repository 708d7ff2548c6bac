# -C (the default): the waiter of lt_contended blocks on lt_lock exactly once per round, each
# time for at least the holder's HOLD_MS (20 ms here); its caller is lt_waiter. The holder
# never blocks, so nothing else is in the report.
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -C "$dir/lt_contended" 5 20 10 >"$dir/out" 2>"$dir/err"
echo "status $?"
lt_check "$dir/out" 'lt_contended`lt_lock' 'lt_contended`lt_waiter+0xOFF' 5 20000000
sed -E 's/pid [0-9]+/pid PID/' "$dir/err"
