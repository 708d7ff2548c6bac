# A probe inlined twice into one function: one probe with two sites, whose arguments live in
# different places (a global and a constant, then a global and a register).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::pair { printf("%s %d %d\n", probefunc, arg0, arg1); }'
