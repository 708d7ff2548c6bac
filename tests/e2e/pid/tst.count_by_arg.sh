# An aggregation keyed by an argument: lt_work(i, 3) once for each i from 0 to 6.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry { @[arg0] = count(); }'
