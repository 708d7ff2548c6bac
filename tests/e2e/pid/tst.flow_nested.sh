# -F on entry and return probes: "->" at entry and "<-" at return, indented two columns per
# open call, in DTrace's 41-column FUNCTION layout (lt_outer calls lt_middle, which calls
# lt_inner twice).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -F -c "$dir/lt_calls" -n '
pid$target:a.out:lt_outer:entry, pid$target:a.out:lt_outer:return,
pid$target:a.out:lt_middle:entry, pid$target:a.out:lt_middle:return,
pid$target:a.out:lt_inner:entry, pid$target:a.out:lt_inner:return { }'
