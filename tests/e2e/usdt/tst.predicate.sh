# A predicate on an argument: only the firings with arg0 > 96.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::loop /arg0 > 96/ { printf("%d\n", arg0); }'
