# An aggregation keyed by probefunc over probes in three functions, each count what the program did.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::inl,lt_usdt$target:::str { @[probefunc] = count(); }'
