# A string argument read with copyinstr(), and its length.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::str { printf("%s %d\n", copyinstr(arg0), arg1); }'
