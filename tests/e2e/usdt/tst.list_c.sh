# -l with -c: the probes of the held command (ids and the pid masked), in id order.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -l -n 'lt_usdt$target:::' -c "$dir/lt_usdt" | sed -E 's/^ +[0-9]+ /   ID /; s/lt_usdt[0-9]+/lt_usdtPID/'
