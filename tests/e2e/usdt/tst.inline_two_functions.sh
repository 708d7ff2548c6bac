# A static inline function's probe inlined into two functions: two probes (one per function), each
# site with its own argument locations (a register in lt_left, a constant in lt_right).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::inl { printf("%s %d %d\n", probefunc, arg0, arg1); }'
