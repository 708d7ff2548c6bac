# The library watch (a uprobe on the dynamic linker's hook) is placed on a -p process only when a
# library it loads later could matter: a module glob or an empty module may match it, a plain
# module naming no object yet waits for it (-Z), USDT providers come with any object, and user
# stacks and symbols are named with it. A plain module naming a mapped object picks that object
# for good, so the watch would only cost a uprobe link and its unregistration at exit.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_plugin.so lt_plugin.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
lt_start lt_dlopen
n=0
watched() {
	local fifo bd line f
	n=$((n + 1))
	fifo=$dir/live.$n
	mkfifo "$fifo" || exit 1
	"$dtrace" -q -p "$lt_pid" "$@" -n 'pid$target:a.out:lt_ping:entry /!live/ { live = 1; printf("live\n"); }' \
		>"$fifo" 2>"$dir/err.$n" &
	bd=$!
	lt_pids+=("$bd")
	exec 3<"$fifo"
	read -r line <&3
	[ "$line" = live ] || { echo "dtrace did not start:"; cat "$dir/err.$n"; }
	if grep -h '^path:' /proc/"$bd"/fdinfo/* 2>/dev/null | grep -q '/ld-linux'; then
		echo "library watch"
	else
		echo "no library watch"
	fi
	kill -TERM "$bd"
	wait "$bd" || echo "dtrace: status $?"
	exec 3<&-
}
echo "plain modules:"; watched -n 'pid$target:liblt_plugin.so:lt_plugin_work:entry { }'
echo "module glob:"; watched -n 'pid$target:liblt_*:lt_plugin_work:entry { }'
echo "empty module:"; watched -n 'pid$target::lt_plugin_work:entry { }'
echo "a library not loaded yet:"; watched -Z -n 'pid$target:libnotyet.so:f:entry { }'
echo "ustack():"; watched -n 'pid$target:a.out:lt_ping:entry { @[ustack()] = count(); }'
echo "usym():"; watched -n 'pid$target:a.out:lt_ping:entry { @[usym(uregs[R_PC])] = count(); }'
echo "%A:"; watched -n 'pid$target:a.out:lt_ping:entry /0/ { printf("%A\n", uregs[R_PC]); }'
