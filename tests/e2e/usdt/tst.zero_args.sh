# A probe with no arguments, in main: fired once; its module, function and name as DTrace names
# them.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::zero { printf("%s:%s:%s\n", probemod, probefunc, probename); }'
