# exit() in a USDT clause ends tracing at once: the first loop firing only.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::loop { printf("%d\n", arg0); exit(0); }'
