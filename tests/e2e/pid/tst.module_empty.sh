# An empty module field is "*": pid$target::lt_work:entry finds lt_work in the executable.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target::lt_work:entry { @[probemod] = count(); }'
