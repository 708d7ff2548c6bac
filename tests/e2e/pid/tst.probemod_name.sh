# The executable's file name works as the module too.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:lt_calls:lt_work:entry { @[probemod] = count(); }'
