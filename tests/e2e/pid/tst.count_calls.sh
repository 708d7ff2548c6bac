# count() of an entry probe is the exact number of calls: lt_work is called 7 times.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry { @calls = count(); }'
