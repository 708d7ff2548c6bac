# fds[] in the -c command: its stdin is the runner's /dev/null, fd 50 is not open.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_first:entry
{
	printf("%s %s %s\n", fds[0].fi_name, fds[0].fi_fs, fds[50].fi_name);
}'
