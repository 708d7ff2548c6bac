# -A: the hold sections first, then the contention sections, as plockstat orders them; -n 1
# keeps the hottest row of each section, which for the holds is the holder's (twice the
# waiter's time here: 40 ms against 5 ms).
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -A -n 1 "$dir/lt_contended" 3 40 5 >"$dir/out" 2>"$dir/err"
echo "status $?"
lt_check "$dir/out" 'lt_contended`lt_lock' \
	'lt_contended`lt_holder+0xOFF' 3 40000000 'lt_contended`lt_waiter+0xOFF' 3 40000000
grep -c '^ *[0-9]' "$dir/out"
