# args[] is untyped on USDT probes, as on pid probes: args[N] is argN.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::consts { printf("%d %d %d\n", args[0] == arg0, args[9] == arg9, args[5]); }'
