# The pid predicate keeps dtrace's own calls and other processes out: only the target's five getpid() calls.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::getpid:entry /pid == $target/ { @[execname] = count(); }'
