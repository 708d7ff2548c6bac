# The default action at a syscall probe: the probe line with FUNCTION:NAME.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -c "$dir/lt_sys" -n 'syscall::getppid:entry, syscall::getppid:return /pid == $target/ { }' 2>/dev/null
