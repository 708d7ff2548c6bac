# System-wide with a provider glob and no pid (no -c, no -p): the file is found through a
# running process's mappings and the probes fire in the processes running it, named without a
# pid, their module the file's name (as DTrace names modules).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
lt_start lt_usdt
"$dtrace" -q -w -n '
lt_usd*:lt_usdt::func-entry { printf("%s %s %s %d\n", probeprov, probemod, probefunc, arg0); }
lt_usd*:lt_usdt::func-entry /arg0 == 3/ { exit(0); }
BEGIN { system("kill -USR1 '"$lt_pid"'"); }'
