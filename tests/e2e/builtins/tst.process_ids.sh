# pid, ppid, tid, execname, uid and gid of another process, seen from a profile probe.
dtrace=$1
bash -c 'while :; do :; done' &
busy=$!
out=$("$dtrace" -q -n '
profile-997hz
/pid == '$busy'/
{
	printf("%d %d %d %s %d %d\n", pid == '$busy', ppid == '$$', tid == pid, execname,
	    uid == '$(id -u)', gid == '$(id -g)');
	exit(0);
}
tick-2s
{
	printf("no sample\n");
	exit(1);
}')
status=$?
kill $busy
wait $busy 2>/dev/null
echo "$out"
exit $status
