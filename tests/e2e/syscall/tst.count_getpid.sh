# @ = count() on one call: exactly the target's five getpid() calls.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::getpid:entry /pid == $target/ { @ = count(); }'
