# -p: the probes of a running process (BEGIN releases it with SIGUSR1 once the probes are in place).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
lt_start lt_usdt
"$dtrace" -w -q -p $lt_pid -n 'BEGIN { system("kill -USR1 %d", $target); }' -n 'lt_usdt$target:::func-entry { printf("%s %d\n", probename, arg0); }'
