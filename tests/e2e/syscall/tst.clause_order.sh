# Several clauses on one syscall probe run in program order, entry before return.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::getppid:entry /pid == $target/ { printf("first\n"); }
syscall::getppid:return /pid == $target/ { printf("third\n"); }
syscall::getppid:entry /pid == $target/ { printf("second\n"); }'
