/* With -x statusrate the consumer learns of exit() at its next status check, so END fires
 * at least a period later, as in DTrace (without the option bdtrace notices at once). */
#pragma D option quiet
#pragma D option statusrate=1s

BEGIN
{
	lt_ts = timestamp;
	exit(0);
}

END
{
	printf("%s\n", timestamp - lt_ts >= 500000000 ? "paced" : "too early");
}
