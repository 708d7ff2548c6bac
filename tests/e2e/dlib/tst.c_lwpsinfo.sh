# curlwpsinfo in a pid probe of a -c command: the thread id, its name and state, its CPU.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_first:entry
{
	printf("%d %d %s %c %d %d\n", curlwpsinfo->pr_lwpid == tid, curlwpsinfo->pr_lwpid == $target,
	    curlwpsinfo->pr_name, curlwpsinfo->pr_sname, curlwpsinfo->pr_onpro == cpu, curcpu->cpu_id == cpu);
}'
