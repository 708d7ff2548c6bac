# A predicate on pid: every firing is the traced process.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry /pid == $target/ { @yes = count(); }
pid$target:a.out:lt_work:entry /pid != $target/ { @no = count(); }
END { printa("pid == $target: %@d\n", @yes); printa("pid != $target: %@d\n", @no); }'
