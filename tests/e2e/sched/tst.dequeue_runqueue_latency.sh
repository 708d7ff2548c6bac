# sched:::dequeue with enqueue: the Dynamic Tracing Guide's run-queue latency pattern. Each
# nap's wakeup enqueues the thread and its dispatch dequeues it, in the thread giving up the
# CPU (never the dequeued one), on the CPU whose run queue it leaves, after its enqueue.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc nap" -n '
BEGIN { n = 0; other = 0; here = 0; later = 0; }
sched:::enqueue /args[1]->pr_pid == $target/ { q[args[0]->pr_lwpid] = timestamp; }
sched:::dequeue /args[1]->pr_pid == $target && q[args[0]->pr_lwpid]/
{
	n++;
	other += tid != args[0]->pr_lwpid;
	here += args[2]->cpu_id == cpu;
	later += timestamp >= q[args[0]->pr_lwpid];
	q[args[0]->pr_lwpid] = 0;
}
END { printf("%d %d %d %d\n", n >= 10, other == n, here == n, later == n); }'
