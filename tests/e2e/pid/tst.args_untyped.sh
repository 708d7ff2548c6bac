# args[] on pid probes, whose functions have no declared types: the untyped argument values, as
# arg0..arg5 (DTrace's args[] needs types only where a provider declares them).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_six:entry { printf("%d %d %d %d %d %d\n", args[0], args[1], args[2], args[3], args[4], args[5]); }
pid$target:a.out:lt_six:return { printf("%d\n", args[1] == arg1); }'
