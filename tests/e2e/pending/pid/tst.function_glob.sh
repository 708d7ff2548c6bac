# A glob in the function field: every matching function, one probe each (lt_inner, lt_outer and
# lt_pick_resolver, which runs once).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_*er:entry { @[probefunc] = count(); }'
