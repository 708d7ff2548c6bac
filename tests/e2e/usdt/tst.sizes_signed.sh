# Signed arguments of 1, 2, 4 and 8 bytes (int8 -1 from a byte register, int16 -2, int32 -3, int64
# -4) are sign-extended.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::sizes { printf("%d %d %d %d\n", arg0, arg2, arg4, arg6); }'
