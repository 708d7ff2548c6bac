# Exact counts per function in a non-PIE executable.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -no-pie
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_[fimow]*:entry { @[probefunc] = count(); }'
