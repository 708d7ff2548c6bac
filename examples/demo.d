/*
 * demo.d: what the default demo runs. Samples every CPU 997 times a second for two seconds and
 * reports, twice a second, how many samples landed in the kernel and how many in user space.
 *
 *   sudo bdtrace -s examples/demo.d
 */

#pragma D option quiet

int samples, kernel, user;

BEGIN
{
	printf("Sampling every CPU at 997 Hz for 2 seconds (profile-997; arg0 is the kernel PC,\n");
	printf("arg1 the user PC of the interrupted thread).\n\n");
	start = timestamp;
}

profile-997
{
	samples++;
}

profile-997
/arg0 != 0/
{
	kernel++;
}

profile-997
/arg1 != 0/
{
	user++;
}

tick-500ms
{
	printf("%Y  %5d samples: %5d in the kernel, %5d in user space\n", walltimestamp,
	    samples, kernel, user);
}

tick-2s
{
	exit(0);
}

END
{
	printf("\ndone after %d ms, in %s (pid %d)\n", (timestamp - start) / 1000000, execname, pid);
}
