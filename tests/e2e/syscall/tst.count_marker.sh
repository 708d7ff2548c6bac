# Exact counts of every call the target makes from its marker (getppid) on: a self-> flag set by one clause, counted by a syscall:::entry clause.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::getppid:entry /pid == $target/ { self->on = 1; }
syscall:::entry /self->on/ { @[probefunc] = count(); }'
