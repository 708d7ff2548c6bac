# -l with -p: the probes of a running process, which is left running.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
lt_start lt_usdt
"$dtrace" -l -n 'lt_usdt$target:::s*' -p $lt_pid | sed -E 's/^ +[0-9]+ /   ID /; s/lt_usdt[0-9]+/lt_usdtPID/'
kill -0 $lt_pid && echo running
