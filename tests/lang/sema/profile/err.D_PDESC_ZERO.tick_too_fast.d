/* tick-N probes faster than 200us (5000hz) do not exist either. */
#pragma D option quiet

tick-10000hz {
	exit(0);
}
