# A glob over offsets: lt_work:[0-4] is the instructions at offsets 0, 1 and 4 (not 2 or 3,
# which are inside instructions); each fires on all 7 calls.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:[0-4] { @[probename] = count(); }'
