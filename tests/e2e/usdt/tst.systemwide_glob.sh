# System-wide with a provider glob and no pid: the file is found through a running process's
# mappings, and the probes fire in another process running the same file.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
lt_start lt_usdt
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usd*:lt_usdt::func-entry /pid == $target/ { printf("%s %s %d\n", probeprov, probefunc, arg0); }'
