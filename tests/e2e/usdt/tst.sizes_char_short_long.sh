# char 'A', short 7, long 8 and unsigned char 9 as the last four of twelve arguments (args[10] and
# args[11] included).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::sizes { printf("%c %d %d %d\n", (char)arg8, arg9, args[10], args[11]); }'
