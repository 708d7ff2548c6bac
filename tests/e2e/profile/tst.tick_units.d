/* tick-N accepts every time unit: ns nsec us usec ms msec hz and a bare rate. */
#pragma D option quiet

int ns, nsec, us, usec, ms, msec, hz, bare;

tick-2000000ns		{ ns = 1; }
tick-2000000nsec	{ nsec = 1; }
tick-2000us		{ us = 1; }
tick-2000usec		{ usec = 1; }
tick-2ms		{ ms = 1; }
tick-2msec		{ msec = 1; }
tick-500hz		{ hz = 1; }
tick-500		{ bare = 1; }

tick-200ms
{
	printf("ns %d nsec %d us %d usec %d ms %d msec %d hz %d bare %d\n",
	    ns, nsec, us, usec, ms, msec, hz, bare);
	exit(0);
}
