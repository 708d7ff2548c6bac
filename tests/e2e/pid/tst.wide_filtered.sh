# A system-wide probe on libc (named by its soname, found as the dynamic loader finds it) while an
# unrelated process calls the same function a thousand times a second: the predicate keeps only
# the program of interest, whose calls are counted exactly. The busy process is seen too.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_short lt_short.c
cp "$dir/lt_short" "$dir/lt_busy" || exit 1
"$dir/lt_busy" busy &
lt_pids+=($!)
"$dtrace" -w -q -n '
pid*:libc.so.6:getpid:entry /execname == "lt_short"/ { @n = count(); }
pid*:libc.so.6:getpid:entry /execname == "lt_busy" && !started/ {
	started = 1;
	printf("busy process seen: %d\n", pid == $2);
	system("%s getpid 7", $$1);
}
pid*:$1:lt_done:entry { exit(0); }
END { printa("lt_short called getpid %@d times\n", @n); }' "$dir/lt_short" "${lt_pids[0]}"
