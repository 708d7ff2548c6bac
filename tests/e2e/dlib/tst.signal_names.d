/* signal.d: the signal numbers by name, the real-time range as the kernel numbers it. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d %d %d\n", SIGHUP, SIGINT, SIGKILL, SIGUSR1, SIGUSR2, SIGRTMIN, SIGRTMAX);
	exit(0);
}
