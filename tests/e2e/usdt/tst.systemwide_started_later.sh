# System-wide probes fire in a process started after tracing began: BEGIN's system() runs the
# program (given as a macro argument, as the probe's module) once the probes are attached.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -w -q -n '
lt_usdt:$1::func-entry { printf("%s %d\n", probeprov, arg0); }
lt_usdt:$1::func-entry /arg0 == 3/ { exit(0); }
BEGIN { system("%s", $$1); }' "$dir/lt_usdt"
