# A glob matching both names of one function gives one probe, not two: the walk takes the first
# name at the address and skips the other names of the same address and size.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_alias*:entry { @[probefunc] = count(); }'
