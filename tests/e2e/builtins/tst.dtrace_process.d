/* In BEGIN and END the current process is dtrace itself. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %s\n", pid == $pid, ppid == $ppid, uid == $uid,
	    gid == $gid, tid > 0, execname);
	exit(0);
}

END
{
	printf("%d %d %d %d %s\n", pid == $pid, ppid == $ppid, uid == $uid,
	    gid == $gid, execname);
}
