# A glob in the module field: * searches every object of the process; lt_work is only in the
# executable, and probemod is the executable's file name.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:*:lt_work:entry { @[probemod, probefunc] = count(); }'
