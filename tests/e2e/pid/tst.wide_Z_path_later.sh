# -Z keeps a system-wide description of a path that does not exist yet and matches it when a
# process runs the file: lt_zprog is copied to $1 (a new file) and started by BEGIN's system() once
# tracing is on; the process watch reports the new file, the description is matched and its
# uprobes attached, and every call after the program's release (SIGUSR1 at its first lt_z_wait)
# is counted.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_zprog lt_zmain.c lt_zlib.c
"$dtrace" -Zwq -n '
pid*:$1:lt_z_wait:entry /!signalled/ { signalled = 1; raise(SIGUSR1); }
pid*:$1:lt_z_work:entry { @calls = count(); }
pid*:$1:lt_z_work:return { @sum = sum(arg1); }
pid*:$1:lt_z_done:entry { exit(0); }
BEGIN { system("cp %s %s && %s &", $$2, $$1, $$1); }
END { printa("calls %@d\n", @calls); printa("sum %@d\n", @sum); }' "$dir/lt_zlater" "$dir/lt_zprog"
