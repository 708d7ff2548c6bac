# Entry and return probes of one function fire in call order: entry, return, entry, return...
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry { printf("-> %d\n", arg0); }
pid$target:a.out:lt_work:return { printf("<- %d\n", arg1); }'
