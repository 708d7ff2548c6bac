# Unsigned arguments of 1, 2, 4 and 8 bytes (200, 60000, 4000000000, 2^64-5; the compiler wrote them
# as negative constants of their size) are zero-extended.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::sizes { printf("%u %u %u %u\n", arg1, arg3, arg5, arg7); }'
