# pr_psargs holds at most 79 characters of the command line, as illumos's PRARGSZ (80) does.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls 0123456789 0123456789 0123456789 0123456789 0123456789 0123456789 0123456789 0123456789" -n '
pid$target:a.out:lt_first:entry
{
	printf("%d %d\n", strlen(curpsinfo->pr_psargs), strlen(curpsinfo->pr_psargs) == 79);
}'
