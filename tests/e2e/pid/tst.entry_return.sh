# pid$target entry and return probes on a -c command: arg0/arg1 are the first arguments at entry,
# arg1 the return value at return; the command is held until the probes are in place, so the
# first call is seen.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_prog" -n '
pid$target:a.out:lt_work:entry { printf("entry %d %d\n", arg0, arg1); }
pid$target:a.out:lt_work:return { printf("return %d\n", arg1); }'
