# A provider glob with no pid and no running process to find it in: a program BEGIN's system()
# starts after tracing began is searched as it starts (the process watch), and it waits for its
# probes, so its first firings are seen. -Z: nothing matches when the program is compiled.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -w -q -Z -n '
lt_usd*:::func-entry { printf("%s %s %s %d\n", probeprov, probemod, probefunc, arg0); }
lt_usd*:::func-entry /arg0 == 3/ { exit(0); }
BEGIN { system("%s", $$1); }' "$dir/lt_usdt"
