# sched:::off-cpu runs as the leaving thread; args[0]/args[1] are the thread coming on CPU.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::off-cpu /pid == $target && !lt_done/ { lt_done = 1; printf("%s %d %d\n", execname, args[0]->pr_lwpid != tid, args[1]->pr_pid == args[0]->pr_lwpid || args[1]->pr_pid != 0); }'
