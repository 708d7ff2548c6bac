# Exact counts per function in the build without frame pointers, as in the build with them.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -fomit-frame-pointer
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_[fimow]*:entry { @[probefunc] = count(); }'
