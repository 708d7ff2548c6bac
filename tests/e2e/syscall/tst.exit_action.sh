# exit() in a syscall clause ends tracing: the clauses after it in the same firing do not run.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::getpid:entry /pid == $target/ { printf("getpid %d\n", arg0); exit(0); }
syscall::getpid:entry /pid == $target/ { printf("not reached\n"); }'
