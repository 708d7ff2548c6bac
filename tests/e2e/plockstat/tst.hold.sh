# -H: lt_lock is held five times by the holder (lt_holder), each time for at least 20 ms, and
# five times by the waiter (lt_waiter), each time for at least 10 ms.
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -H "$dir/lt_contended" 5 20 10 >"$dir/out" 2>"$dir/err"
echo "status $?"
lt_check "$dir/out" 'lt_contended`lt_lock' \
	'lt_contended`lt_holder+0xOFF' 5 20000000 'lt_contended`lt_waiter+0xOFF' 5 10000000
sed -E 's/pid [0-9]+/pid PID/' "$dir/err"
