# -c holds the command before its first instruction, so the very first call of main (lt_first)
# is seen, with main's argc as its argument.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_first:entry { printf("lt_first(%d)\n", arg0); }
pid$target:a.out:lt_first:return { printf("= %d\n", arg1); }'
