# sched:::enqueue: args[0..2] the woken thread, its process and the CPU of its run queue.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::enqueue /args[1]->pr_pid == $target && !lt_done/ { lt_done = 1; printf("%d %d\n", args[0]->pr_lwpid == $target, args[2]->cpu_id >= 0 && args[2]->cpu_id < 4096); }'
