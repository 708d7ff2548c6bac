/* The credentials: dtrace runs as root here. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", curpsinfo->pr_uid == uid, curpsinfo->pr_gid == gid,
	    curpsinfo->pr_euid, curpsinfo->pr_egid);
	exit(0);
}
