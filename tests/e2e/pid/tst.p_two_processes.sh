# Two grabbed processes (-p A -p B) and a third, C, running the same program untraced. A is
# released by its first traced lt_ping (so tracing is live); once A is gone, C does its work, then
# B is released. Only A and B fire: C's calls (which C counts itself) never reach dtrace.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls; a=$lt_pid
lt_start lt_calls; b=$lt_pid
lt_start lt_calls count; c=$lt_pid c_out=$lt_out
"$dtrace" -w -q -p $a -p $b -n '
pid$target:a.out:lt_ping:entry { raise(10); }' -n "
pid$a:a.out:lt_work:entry, pid$b:a.out:lt_work:entry { @[pid == \$target ? \"A\" : \"B\"] = count(); }" >"$dir/dtrace.out" &
dt=$!
wait $a
kill -USR1 $c
wait $c
kill -USR1 $b
wait $dt
status=$?
cat "$dir/dtrace.out"
cat "$c_out"
exit $status
