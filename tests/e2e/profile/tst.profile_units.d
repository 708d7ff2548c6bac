/* profile-N accepts the same units as tick-N. */
#pragma D option quiet

int ns, us, ms, hz, bare;

profile-3000000ns	{ ns = 1; }
profile-3000us		{ us = 1; }
profile-3ms		{ ms = 1; }
profile-333hz		{ hz = 1; }
profile-333		{ bare = 1; }
profile-1sec		{ printf("profile-1sec fired\n"); }

tick-200ms
{
	printf("ns %d us %d ms %d hz %d bare %d\n", ns, us, ms, hz, bare);
	exit(0);
}
