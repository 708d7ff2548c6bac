# The C spelling func__entry names no probe: DTrace's error.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::func__entry { trace(arg0); }' 2>&1 | sed -E 's/lt_usdt[0-9]+/lt_usdtPID/'
