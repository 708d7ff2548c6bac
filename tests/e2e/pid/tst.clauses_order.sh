# Several clauses on one probe run in program order at each firing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry /arg0 < 3/ { printf("first %d\n", arg0); }
pid$target:a.out:lt_work:entry /arg0 < 3/ { printf("second %d\n", arg0); }'
