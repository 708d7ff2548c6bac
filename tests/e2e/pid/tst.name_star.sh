# pid$target:a.out:lt_neg:* is entry, return and a probe at every instruction of lt_neg (push,
# mov, mov, mov, add, pop, ret at offsets 0 1 4 7 a c d in this -O0 build); each fires once.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_neg:* { @[probename] = count(); }'
