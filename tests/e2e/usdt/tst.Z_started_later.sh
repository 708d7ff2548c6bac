# -Z keeps a system-wide description that matches nothing at start and matches it again when a
# process starts running a new file: lt_later (built here, so no process runs it yet) is started
# by BEGIN's system() once tracing is on; the process watch reports the new file, its provider is
# matched and attached, and every probe of the process after its release fires.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_later lt_later.c
"$dtrace" -Zwq -n '
lt_later*:::waiting { raise(SIGUSR1); }
lt_later*:::work { printf("%s:%s:%s %d\n", probeprov, basename(probemod), probename, arg0); }
lt_later*:::done { exit(0); }
BEGIN { system("%s &", $$1); }' "$dir/lt_later"
