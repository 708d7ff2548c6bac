# Two clauses on one probe run in program order at each firing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::func-entry { printf("a%d ", arg0); }' -n 'lt_usdt$target:::func-entry { printf("b%d\n", arg0); }'
