# A module the process has not mapped: DTrace does not complain about the module (it could
# come later, with -Z), the description simply matches no probes.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:liblt_nosuch.so:lt_work:entry { }'
