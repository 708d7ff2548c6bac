# A recursive function: entries with 4, 3, 2, 1, then returns 1, 2, 6, 24 innermost first.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_fact:entry { printf("lt_fact(%d)\n", arg0); }
pid$target:a.out:lt_fact:return { printf("= %d\n", arg1); }'
