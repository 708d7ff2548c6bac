# An IFUNC (lt_pick): the calls go to the implementation its resolver chose (lt_pick_fast), a
# plain function whose probes fire on each of the 3 calls.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_pick_fast:entry { printf("lt_pick_fast(%d)\n", arg0); }
pid$target:a.out:lt_pick_fast:return { printf("= %d\n", arg1); }'
