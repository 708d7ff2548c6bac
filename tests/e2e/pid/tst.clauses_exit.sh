# exit() in a pid probe clause ends the trace: the calls up to i = 2 are printed, and the clause
# that calls exit() runs after the printing one.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry { printf("%d\n", arg0); }
pid$target:a.out:lt_work:entry /arg0 == 2/ { exit(0); }'
