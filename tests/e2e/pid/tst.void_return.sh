# The return probe of a void function fires once per call (lt_inner is called twice).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_inner:return { @ = count(); }'
