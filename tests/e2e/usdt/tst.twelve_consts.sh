# Twelve constant arguments ($N specs): arg0..arg9, args[10] and args[11].
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::consts { printf("%d %d %d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, args[10], args[11]); }'
