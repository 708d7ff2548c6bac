#pragma D option quiet
BEGIN
{
	printf("%d %d %d\n", pid == $pid, tid != 0, uid == $uid);
	printf("%s %s %s %s\n", probeprov, probemod == "" ? "-" : probemod, probefunc == "" ? "-" : probefunc, probename);
	printf("%d %d\n", timestamp > 0, walltimestamp > 1600000000000000000);
	printf("%s\n", execname);
	printf("%d\n", ppid == $ppid);
	exit(0);
}
