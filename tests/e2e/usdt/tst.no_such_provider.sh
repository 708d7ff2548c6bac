# A provider the process does not have: no probe matches.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_nosuch$target:::zero { trace(1); }' 2>&1 | sed -E 's/[0-9]+:::/PID:::/'
