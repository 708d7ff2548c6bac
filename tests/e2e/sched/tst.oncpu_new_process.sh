# sched:::on-cpu fires for a new process's first run too (it starts in ret_from_fork, not at
# the end of __schedule: its first switch in, as that process), before it has run at all.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n '
sched:::on-cpu /progenyof($target) && pid != $target && !lt_done/
{
	lt_done = 1;
	printf("%s %d %d\n", execname, curpsinfo->pr_ppid == $target, vtimestamp == 0);
}'
