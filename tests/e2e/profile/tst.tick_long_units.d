/* The long units s sec m min h hour d day are accepted; such probes do not fire in 50ms. */
#pragma D option quiet

int n;

tick-1s		{ n++; }
tick-1sec	{ n++; }
tick-1m		{ n++; }
tick-1min	{ n++; }
tick-1h		{ n++; }
tick-1hour	{ n++; }
tick-1d		{ n++; }
tick-1day	{ n++; }

tick-50ms
{
	printf("fired %d\n", n);
	exit(0);
}
