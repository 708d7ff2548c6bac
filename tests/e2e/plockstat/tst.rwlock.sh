# -A on a read-write lock: the waiter blocks as a reader once per round (for at least the
# holder's 20 ms); the holder holds it as the writer (at least 20 ms), the waiter as a reader
# (at least 5 ms). The sections from the first R/W one (the mutex sections hold the dynamic
# linker's locks).
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -A "$dir/lt_contended" rw 3 20 5 >"$dir/out" 2>"$dir/err"
echo "status $?"
lt_check "$dir/out" 'lt_contended`lt_rwlock' \
	'lt_contended`lt_holder+0xOFF' 3 20000000 'lt_contended`lt_waiter+0xOFF' 3 5000000 |
	sed -n '/^R\/W/,$p'
