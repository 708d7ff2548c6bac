# The provider is named with the process's pid: probeprov is lt_usdt<PID>, as in DTrace.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::zero { printf("%d\n", probeprov == strjoin("lt_usdt", lltostr(pid))); }'
