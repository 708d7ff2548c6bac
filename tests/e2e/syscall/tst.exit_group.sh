# exit_group's entry sees the exit status; dtrace reports the exit (not quiet). Its messages
# are shown after the trace output, so that their order does not depend on timing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -c "$dir/lt_sys" -n 'syscall::exit_group:entry /pid == $target/ { trace(arg0); }' 2>"$dir/err"
sed -E 's/pid [0-9]+/pid PID/' "$dir/err"
