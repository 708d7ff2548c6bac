# The same probe written twice in main: one probe, fired from both sites in order.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::twice { printf("%d %s\n", arg0, probefunc); }'
