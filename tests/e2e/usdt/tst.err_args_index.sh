# args[12] on USDT probes: out of range (12 arguments at most).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -xerrtags -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::zero { trace(args[12]); }' 2>&1 | sed -E 's/lt_usdt[0-9]+/lt_usdtPID/'
