# Entry probes on a -c command: arg0 and arg1 are the first two arguments of each of the 7 calls
# of lt_work(i, 3); the command is held until the probes are in place, so the first call is seen.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry { printf("lt_work(%d, %d)\n", arg0, arg1); }'
