# Two commands (-c twice) running the same program: pid$target is the first one only, so the
# second one's 7 calls (counted by the program itself) do not fire.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -c "$dir/lt_calls count" -n '
pid$target:a.out:lt_work:entry { @[pid == $target ? "first" : "second"] = count(); }
END { printa("%s: %@d calls traced\n", @); }'
