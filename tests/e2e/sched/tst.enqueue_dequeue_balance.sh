# sched:::enqueue also fires when a preempted thread is put back on its run queue (in that
# thread, args[0] its lwpsinfo_t), so that two threads spinning on one CPU are enqueued before
# each dequeue, as DTrace's dispatcher does; the first dequeues (start-up) are not counted.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc spin2" -n '
BEGIN { d = 0; miss = 0; own = 0; e = 0; }
sched:::enqueue /args[1]->pr_pid == $target/
{
	q[args[0]->pr_lwpid] = 1;
	e++;
	own += tid == args[0]->pr_lwpid && pid == $target;
}
sched:::dequeue /args[1]->pr_pid == $target/
{
	d++;
	miss += d > 10 && !q[args[0]->pr_lwpid];
	q[args[0]->pr_lwpid] = 0;
}
sched:::dequeue /d == 60/ { exit(0); }
END { printf("%d %d %d\n", miss, e >= 50, own >= 40); }'
