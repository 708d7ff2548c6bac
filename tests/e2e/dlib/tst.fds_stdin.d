/* fds[]: the runner's stdin is /dev/null (devtmpfs, mounted on /dev); fd 99 is not open. */
#pragma D option quiet
BEGIN
{
	printf("%s %s %s %d %s %s %s\n", fds[0].fi_name, fds[0].fi_dirname, fds[0].fi_fs, fds[0].fi_offset,
	    fds[0].fi_pathname, fds[0].fi_mount, fds[99].fi_name);
	exit(0);
}
