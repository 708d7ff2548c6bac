# args[10] on pid probes stays out of range (DTrace's ten).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -xerrtags -q -c "$dir/lt_usdt" -n 'pid$target:a.out:lt_left:entry { trace(args[10]); }' 2>&1 | sed -E 's/pid[0-9]+/pidPID/'
