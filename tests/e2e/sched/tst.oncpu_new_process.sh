# sched:::on-cpu fires for a new process's first run too (it starts in ret_from_fork, where
# schedule_tail() ends its first switch in), once, in that process: each on-cpu of it pairs with
# one off-cpu, its last the switch away from it as it exits.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc fork 0" -n '
sched:::on-cpu /progenyof($target) && pid != $target && !lt_first/
{
	lt_first = 1;
	printf("%s %d\n", execname, curpsinfo->pr_ppid == $target);
}
sched:::on-cpu /progenyof($target) && pid != $target/ { lt_on++; }
sched:::off-cpu /progenyof($target) && pid != $target/ { lt_off++; }
END { printf("%s\n", lt_on == lt_off ? "paired" : "unpaired"); }'
