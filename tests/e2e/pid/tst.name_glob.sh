# A glob in the name field: *n* matches entry and return and no hexadecimal offset, so lt_work's
# two probes fire 7 times each.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:*n* { @[probename] = count(); }'
