# A system call two descriptions of one clause match (by name and by a glob) runs the clause
# once for each (the syscall table has a slot per description that may match a call): the
# target's five getpid() calls count ten.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::getpid:entry, syscall::getp?d:entry /pid == $target/ { @ = count(); }'
