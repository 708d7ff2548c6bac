# sched:::wakeup: the exiting child wakes its parent blocked in waitpid(); args[1] is the parent.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::wakeup /args[1]->pr_pid == $target && progenyof($target) && pid != $target && !lt_done/ { lt_done = 1; printf("%d %d\n", ppid == $target, args[0]->pr_lwpid == $target); }'
