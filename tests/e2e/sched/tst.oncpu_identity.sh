# sched:::on-cpu runs as the incoming thread: pid, tid, execname and curthread agree.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n 'sched:::on-cpu /pid == $target && !lt_done/ { lt_done = 1; printf("%s %d %d %d\n", execname, tid == curthread->pid, pid == curthread->tgid, curpsinfo->pr_pid == $target); }'
