# -F with two clauses on the same entry and return probes (illumos dt_flowindent): the second
# clause of an entry prints "| func:entry" without indenting again; at a return, the first
# clause looks ahead, sees another clause of the same probe and prints "| func:return", and only
# the last one prints "<-" and unindents. bdtrace unindents at both return clauses.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -F -c "$dir/lt_calls" -n '
pid$target:a.out:lt_middle:entry, pid$target:a.out:lt_middle:return { trace(1); }
pid$target:a.out:lt_middle:entry, pid$target:a.out:lt_middle:return { trace(2); }
pid$target:a.out:lt_inner:entry { }'
