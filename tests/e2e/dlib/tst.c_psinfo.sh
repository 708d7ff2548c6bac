# curpsinfo of a -c command with known arguments, in its first function call: the command line
# with its arguments separated by single spaces, its name, its pid and its parent (dtrace).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls alpha beta gamma" -n '
pid$target:a.out:lt_first:entry
{
	printf("[%s]\n", basename(curpsinfo->pr_psargs));
	printf("%s %d %d %d\n", curpsinfo->pr_fname, curpsinfo->pr_pid == $target,
	    curpsinfo->pr_ppid == $pid, curpsinfo->pr_ppid == ppid);
}'
