# -p: exact counts of every probe of a running process.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
lt_start lt_usdt
"$dtrace" -w -q -p $lt_pid -n 'BEGIN { system("kill -USR1 %d", $target); }' -n 'lt_usdt$target::: { @[probename] = count(); }'
