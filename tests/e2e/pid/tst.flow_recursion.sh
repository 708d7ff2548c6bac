# -F on a recursive function: each level indents further, and the returns come back out.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -F -c "$dir/lt_calls" -n '
pid$target:a.out:lt_fact:entry { trace(arg0); }
pid$target:a.out:lt_fact:return { trace(arg1); }'
