/* A probe matched by two descriptions of one clause runs it once per description (BEGIN and
 * dtrace:::BEGIN are one probe); the clause's firings come before the next clause's. */
#pragma D option quiet

BEGIN, dtrace:::BEGIN
{
	lt_n++;
	printf("firing %d\n", lt_n);
}

BEGIN
{
	printf("then %d\n", lt_n);
	exit(0);
}
