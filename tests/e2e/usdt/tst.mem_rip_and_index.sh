# Memory operands: a global read %rip-relative (42) and an array element through base and index
# registers (10, 20, 30, 40).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::mem { printf("%d %d\n", arg0, arg1); }'
